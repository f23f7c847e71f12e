import { describe, expect, it } from 'vitest';
import { SWEDISH_CHAINS } from './chains.ts';
import { toLines } from './lines.ts';
import { findMerchant, findOrgNumber } from './merchant.ts';

const merchant = (text: string) => findMerchant(toLines(text)).merchant;

describe('findMerchant', () => {
  it('names a known chain found in the header, whatever the store suffix', () => {
    expect(merchant('ICA Kvantum Malmborgs\nMobilia 12\nOrg.nr 556000-0000')).toBe('ICA');
    expect(merchant('Willys Hemma\nDalagatan 3')).toBe('Willys');
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

describe('findOrgNumber', () => {
  it('reads a Swedish organisation number with or without its dash', () => {
    expect(findOrgNumber(toLines('Org.nr: 556196-1599'))).toBe('556196-1599');
    expect(findOrgNumber(toLines('Org nr 5561961599'))).toBe('556196-1599');
    expect(findOrgNumber(toLines('Kvitto 5561961599'))).toBeNull();
  });
});
