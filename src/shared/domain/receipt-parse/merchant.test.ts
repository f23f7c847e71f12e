import { describe, expect, it } from 'vitest';
import { SWEDISH_CHAINS } from './chains.ts';
import { toLines } from './lines.ts';
import { findMerchant, findOrgNumber } from './merchant.ts';

const merchant = (text: string) => findMerchant(toLines(text)).merchant;

describe('findMerchant', () => {
  it('names a known chain found in the header by its store format, without the place', () => {
    expect(merchant('ICA Kvantum Malmborgs\nMobilia 12\nOrg.nr 556000-0000')).toBe('ICA Kvantum');
    expect(merchant('ICA SUPERMARKET LINDHAGEN\nLindhagensgatan 118')).toBe('ICA Supermarket');
    expect(merchant('ICA Nära\nHjorthagen\nJägmästargatan 4')).toBe('ICA Nära');
    expect(merchant('Willys Hemma\nDalagatan 3')).toBe('Willys Hemma');
    expect(merchant('WILLYS\nSickla\nSicklastråket 7')).toBe('Willys');
    expect(merchant('STORA COOP\nMölndal')).toBe('Stora Coop');
    expect(merchant('Coop Konsum\nKungsholmen')).toBe('Coop Konsum');
  });

  it('reads a store format whose å, ä or ö lost its dots in print', () => {
    expect(merchant('ICA\nICA NARA\nLindhagen\nLindhagensgatan 118')).toBe('ICA Nära');
  });

  it('reads a store format whose ä OCR took for another letter, but not a place that differs in more', () => {
    expect(merchant('ICA\nICA Nira Umea Ersboda\nFormvigen 14\n906 21 Umea')).toBe('ICA Nära');
    expect(merchant('ICA\nICA Nora\nStorgatan 1\n713 30 Nora')).toBe('ICA');
  });

  it('names a chain with a two-letter name printed with its place', () => {
    expect(merchant('SJ LINDHAGEN\nLindhagensgatan 118\nOrg.nr 559989-1913')).toBe('SJ');
  });

  it('names ICA from its store format when the chain stands only in the logo', () => {
    expect(merchant('MAXI STORMARKNAD\nFlygstaden\nFlygfältsgatan 3')).toBe('ICA Maxi Stormarknad');
    expect(merchant('KVANTUM\nGränby\nMarknadsgatan 5')).toBe('ICA Kvantum');
  });

  it('reads a store format OCR misspelt by a letter', () => {
    expect(merchant('ICA SUPERMARKFT\nOdenplan')).toBe('ICA Supermarket');
  });

  it('names the Swedish chains of pharmacies, fuel, kiosks, cafés and shops', () => {
    expect(merchant('Apotek Hjärtat\nTriangeln')).toBe('Apotek Hjärtat');
    expect(merchant('Kronans Apotek\nHaga')).toBe('Kronans Apotek');
    expect(merchant('Apoteket\nOdenplan')).toBe('Apoteket');
    expect(merchant('CIRCLE K SICKLA\nSicklastråket 7')).toBe('Circle K');
    expect(merchant('Pressbyrån\nT-Centralen')).toBe('Pressbyrån');
    expect(merchant('7-Eleven Odenplan\nOdengatan 69')).toBe('7-Eleven');
    expect(merchant('Espresso House\nHaga Nygata 12')).toBe('Espresso House');
    expect(merchant('Systembolaget\nGränby')).toBe('Systembolaget');
    expect(merchant('City Gross\nMalmö')).toBe('City Gross');
    expect(merchant('OKQ8 Bromma\nBromma')).toBe('OKQ8');
    expect(merchant('Clas Ohlson\nUmeå')).toBe('Clas Ohlson');
  });

  it('recognises a logo OCR has broken into pieces', () => {
    expect(merchant('AL DI\nPohlweg 110')).toBe('ALDI');
    expect(merchant('LDL\nÅngpannegatan 1g')).toBe('Lidl');
  });

  it('finds the chain from its web address when the logo is unreadable', () => {
    expect(merchant('=| ~~ |\nKvitto 123\nMjölk 12,00\nwww.lidl.se/tycktill')).toBe('Lidl');
  });

  it('does not take an article or a VAT column for a chain with an everyday name', () => {
    expect(merchant('Kiosken Lyckan\nMax Cola 0,5 l 25,00\nNetto 20,00')).toBe('Kiosken Lyckan');
  });

  it('takes the first header line that reads like a name, skipping junk, addresses and phone numbers', () => {
    expect(merchant('| = :\nRestaurang Pelikan\nBlekingegatan 40\n116 62 Stockholm\nTel 08-55 60 90 90')).toBe(
      'Restaurang Pelikan',
    );
    expect(merchant('Blekingegatan 40\nTel 08-55 60 90 90\nSaluhallen Deli AB')).toBe('Saluhallen Deli AB');
  });

  it('skips a street with its house number and keeps short names like "Bio Rio"', () => {
    expect(merchant('Hornstulls strand 3\nBio Rio\n117 39 Stockholm')).toBe('Bio Rio');
  });

  it('uses the name printed before the org.nr when the header has none', () => {
    expect(merchant('12:40\nKafé Ugglan AB Org.nr 556000-1111\nBulle 35,00')).toBe('Kafé Ugglan AB');
  });

  it('can be limited to the Swedish chain list', () => {
    expect(findMerchant(toLines('K-Market Kamppi\nMaito 1,19'), SWEDISH_CHAINS).chain).toBeNull();
  });
});

describe('findMerchant with company forms and OCR slips', () => {
  it('takes the first header line with a legal form as the company, cut after the form', () => {
    expect(merchant('xx yy\nSENTOSA TRADING SDN. BHD. (123456-A)\nNO 5, JALAN MAJU 3')).toBe(
      'SENTOSA TRADING SDN. BHD.',
    );
    expect(merchant('Gott & Blandat\nKvarnens Livs AB\nStorgatan 1')).toBe('Kvarnens Livs AB');
    expect(merchant('Bäckerei Sonnenschein GmbH & Co. KG Filiale 12\nMarktplatz 3')).toBe(
      'Bäckerei Sonnenschein GmbH & Co. KG',
    );
    expect(merchant('Kahvila Kuppi Oy\nKauppakatu 4')).toBe('Kahvila Kuppi Oy');
  });

  it('repairs a company name: a zero read for an O, a note whose closing bracket OCR lost', () => {
    expect(merchant('0RCHID FOODS SDN BHD\nLot 4, Jalan Baru')).toBe('ORCHID FOODS SDN BHD');
    expect(merchant('MAJU FOODS (PG I SDN BHD (45678 K)\nLot 4')).toBe('MAJU FOODS SDN BHD');
  });

  it('does not take a two-letter form written in lower case for a company', () => {
    expect(findMerchant(toLines('Kaffe ab Bryggan\nStorgatan 1'))).toMatchObject({ source: 'header' });
  });

  it('finds a chain whose name OCR split, misspelt or printed under an unreadable logo', () => {
    expect(merchant('Kauf land\nHauptstr. 5\n12345 Stadt')).toBe('Kaufland');
    expect(merchant('| = ~\nRossrnann\nMarktplatz 2')).toBe('Rossmann');
    expect(merchant('=| ~~\nHR TY\nMarktkaut Neustadt\nLindenweg 4')).toBe('Marktkauf');
  });

  it('does not read a chain into a street name or an article', () => {
    expect(merchant('The Corner Deli\n12 Market Street, London')).toBe('The Corner Deli');
    expect(merchant('Kiosk Ostende\nEDEKA Spülmittel 0,99\nSumme 0,99')).toBe('Kiosk Ostende');
  });

  it('takes the first line that names a chain, split or not, over an article whose price OCR put elsewhere', () => {
    const slogans = 'Frische Vielfalt\njeden Tag\nfür Sie da\nmit Herz\nKundenkarte\nApp laden';
    const logo = `${slogans}\nMark tkauf Neustadt\nLindenweg 4`;
    expect(merchant(`${logo}\nEDEKA TOPFREINIGER\nSALATBAR\nSUMME EUR 4,20`)).toBe('Marktkauf');
  });

  it('removes the short junk OCR puts before a company name, also with punctuation ("i; real GmbH")', () => {
    expect(merchant('i; Sonnen Markt GmbH\nHauptstr. 1')).toBe('Sonnen Markt GmbH');
  });

  it('finds the chain from a web address OCR mangled or from an e-mail domain', () => {
    expect(merchant('~~ |\nQuittung\nwww. mark tkauf-neustadt. de')).toBe('Marktkauf');
    expect(merchant('~~ |\nQuittung\nvvww . hornbach . de')).toBe('Hornbach');
    expect(merchant('~~ |\nKontakt: info@rewe.de')).toBe('REWE');
    expect(merchant('~~\nwww.marktkauf-neustadt.de')).toBe('Marktkauf');
  });

  it('reads the Lidl logo disc in its OCR shapes only as a whole header line', () => {
    expect(merchant('LÖD\nMusterstraße 1\n12345 Stadt')).toBe('Lidl');
    expect(merchant('® \nLoD\nMusterstraße 1')).toBe('Lidl');
    expect(merchant('Fisch & Lod\nMusterstraße 1')).not.toBe('Lidl');
  });

  it('names a chain whose name is an everyday word only as the first word of a top header line', () => {
    expect(merchant('if PRISMA KAMPPI HELSINKI: p. 010 76 000')).toBe('Prisma');
    expect(merchant('Kahvila Aalto\nKauppakatu 4\nPrisma-kortti 12345')).toBe('Kahvila Aalto');
  });

  it('keeps initials around an ampersand and shop names with "cash"', () => {
    expect(merchant('. ; WN 1\nC & D DINER\n(001234-P)\nJalan Besar 5')).toBe('C & D DINER');
    expect(merchant('ORCHARD CASH & CARRY\n(1234567-P)')).toBe('ORCHARD CASH & CARRY');
  });

  it('does not take an article printed below the address for the name', () => {
    expect(merchant('XX\nMusterweg 12\n12345 Stadt\nBananen')).toBeNull();
  });
});

describe('findOrgNumber', () => {
  it('reads a Swedish organisation number with or without its dash', () => {
    expect(findOrgNumber(toLines('Org.nr: 556196-1599'))).toBe('556196-1599');
    expect(findOrgNumber(toLines('Org nr 5561961599'))).toBe('556196-1599');
    expect(findOrgNumber(toLines('Kvitto 5561961599'))).toBeNull();
  });
});
