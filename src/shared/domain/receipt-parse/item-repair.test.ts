import { describe, expect, it } from 'vitest';
import { parseReceipt } from './index.ts';

const read = (text: string) => parseReceipt(text, { today: '2026-11-25' });
const amounts = (text: string) => read(text).items.map((item) => item.amountOre);

describe('one misread digit in the lines', () => {
  it('is set right when the total is read twice on the paper and one lookalike digit makes the lines add up', () => {
    const misread = read('Kaffe 32,00\nBulle 16,00\nMjölk 18,90\nTotalt 68,90\nKort 68,90');
    expect(misread.items.map((item) => item.amountOre)).toEqual([3200, 1800, 1890]);
    expect(misread.itemsSumToTotal).toBe(true);
  });

  it('prefers the only fix that makes a price rounder, as prices end in round öre', () => {
    // 69,60 → 69,00 and 119,90 → 119,30 both close the gap; only the first ends in more zeros.
    expect(amounts('Vin 69,60\nOst 119,90\nATT BETALA 188,90\nKort 188,90')).toEqual([6900, 11990]);
  });

  it('prefers the only fix that makes a line cost what another line of the same article costs', () => {
    // 25,00 → 26,00 and 18,00 → 19,00 both add the krona missing; another Ramlösa cost 26,00.
    const lines = (name: string) => `Ramlösa 50cl 26,00\nKanelbulle 18,00\n${name} 25,00\nTotalt 70,00\nKort 70,00`;
    expect(amounts(lines('Ramlösa 56cl'))).toEqual([2600, 1800, 2600]);
    // Under another article's name nothing decides between the two.
    expect(amounts(lines('Tidning DN'))).toEqual([2600, 1800, 2500]);
  });

  it('sets right a deposit by the deposit of another line of the same article', () => {
    // "+ Pant 700" lost its comma; 7,00 → 1,00 and Sallad 79,00 → 73,00 both take off the six kronor too many.
    const lines = (name: string) =>
      `Ramlösa 50cl 25,00\n+ Pant 1,00\nSallad Kyckling 79,00\n${name} 25,00\n+ Pant 700\nTotalt 131,00\nKort 131,00`;
    expect(amounts(lines('Ramlösa 56cl'))).toEqual([2600, 7900, 2600]);
    expect(read(lines('Ramlösa 56cl')).items[2]?.depositOre).toBe(100);
    expect(read(lines('Loka Citron'))).toMatchObject({ itemsSumToTotal: false });
  });

  it('leaves the lines as read when the total is read once or two fixes are equally likely', () => {
    expect(amounts('Kaffe 32,00\nBulle 16,00\nTotalt 50,00')).toEqual([3200, 1600]);
    // 36,00 → 38,00 and 16,00 → 18,00 both add the two kronor missing; nothing decides between them.
    expect(amounts('Kaffe 36,00\nBulle 16,00\nTotalt 54,00\nKort 54,00')).toEqual([3600, 1600]);
  });
});

describe('lines under a misread öresavrundning', () => {
  it('are set right to the amount printed before the rounding when the rounding itself was misread', () => {
    // "Öresavrundning 9,21" cannot be (it is never more than 50 öre), so 154,79 is not trusted as the lines' sum
    // by itself; set right to it, "Kanelbulle 160,00" for 100,00, the lines add up to what rounds to 155,00.
    const cash = (before: string) =>
      `Kaffe stor 35,00\nKanelbulle 160,00\nDiesel 19,79\nAtt betala ${before}\nÖresavrundning 9,21\n` +
      'Att betala 155,00\nKontant 200,00\nVäxel 45,00';
    expect(read(cash('154,79'))).toMatchObject({ totalOre: 15500, itemsSumToTotal: true });
    expect(amounts(cash('154,79'))).toEqual([3500, 10000, 1979]);
  });
});

describe('misread öre in the lines', () => {
  it('rounds the one amount whose öre OCR misread, when that alone makes the lines add up to a total read twice', () => {
    const misread = read(
      'Bröd Levain 34,90\nToalettpapper 8-p 119,90\n2 st x 59,95\nRabatt Extrapris 14,68-\nKrossade tomater 11,95\n' +
        'ATT BETALA SEK 152,75\nBetalt Kort 152,75',
    );
    expect(misread.items.map((item) => item.amountOre)).toEqual([3490, 10590, 1195]);
    expect(misread.items[1]?.discounts).toEqual([{ description: 'Rabatt Extrapris', amountOre: -1400 }]);
    expect(misread.itemsSumToTotal).toBe(true);
  });

  it('leaves the öre alone when the total is read once or two amounts could be the misread one', () => {
    expect(amounts('Kaffe 32,16\nBulle 16,00\nTotalt 48,00')).toEqual([3216, 1600]);
    expect(amounts('Kaffe 32,08\nBulle 16,08\nTotalt 48,08\nKort 48,08')).toEqual([3208, 1608]);
  });
});

describe('a price whose decimal comma OCR lost', () => {
  it('is read as kronor and öre when that makes the lines add up', () => {
    const found = read(
      'SJ LINDHAGEN\nEnkelbiljett Sthim-Gbg 595,00\nKaffe 3200\nPlatsbiljett 45,00\nTOTALT SEK 672,00\nKöp SEK 672,00',
    );
    expect(found.items.map((item) => [item.description, item.amountOre])).toEqual([
      ['Enkelbiljett Sthim-Gbg', 59500],
      ['Kaffe', 3200],
      ['Platsbiljett', 4500],
    ]);
    expect(found.itemsSumToTotal).toBe(true);
  });

  it('is read so on a discount or deposit under its line, and after a name with a size in it', () => {
    const found = read(
      'SYSTEMBOLAGET\nMousserande Cava 99,00\nMedlemspris 1200\nVitt vin Riesling 75cl 13900\nRabatt 700-\n' +
        'Öl Lager 50cl 19,90\n+ Pant 100\nTOTALT SEK 239,90\nKontant 239,90',
    );
    expect(found.items.map((item) => [item.description, item.amountOre])).toEqual([
      ['Mousserande Cava', 8700],
      ['Vitt vin Riesling 75cl', 13200],
      ['Öl Lager 50cl', 2090],
    ]);
    expect(found.itemsSumToTotal).toBe(true);
  });

  it('is no price after a number of its own, a count before a price', () => {
    expect(amounts('Kaffe 32,00\nBulle 2 1500\nTotalt 47,00\nKort 47,00')).toEqual([3200]);
  });

  it('is no price when the lines add up without it or it does not close the gap', () => {
    expect(amounts('Kaffe 32,00\nMuggar 6-pack 1200\nTotalt 32,00\nKort 32,00')).toEqual([3200]);
    expect(amounts('Kaffe 32,00\nBulle 1500\nTotalt 60,00\nKort 60,00')).toEqual([3200]);
  });
});

describe('a printer whose zero OCR reads as 8', () => {
  it('reads the amounts with zeros when an eight in the öre of most amounts is the printer, not the prices', () => {
    const found = read(
      '7-ELEVEN LINDHAGEN\nTidning DN 40,08\nBaguette Ost&Skinka 59,08\nRamlösa 50cl 25,08\nPant 1,08\nSL-biljett 42,08\n' +
        'Kanelbulle 2st*27,80 54,08\nTotalt 221,08\nKORTKOP\nKöp SEK 221,08\nMoms% Moms Netto Brutto\n12,00 23,68 197,32 221,08',
    );
    expect(found.totalOre).toBe(22100);
    expect(found.items.map((item) => item.amountOre)).toEqual([4000, 5900, 2600, 4200, 5400]);
    expect(found.itemsSumToTotal).toBe(true);
  });

  it('reads the zeros when the lines add up to the same total either way, though the eights have more witnesses', () => {
    // Cash paid after an öresavrundning misread too, so the lines are checked against the krona only.
    const found = read(
      'ICA Nära\nMjölk 49,98\nBröd 199,08\nOst 78,90\nATT BETALA SEK 327.88\nÖresavrundning 8,28\n' +
        'Att betala 328,00\nKontant 400,08\nVäxel 72,08\nMoms% Moms Netto Brutto\n12% 35,13 292,75 327,88',
    );
    expect(found.totalOre).toBe(32800);
    expect(found.items.map((item) => item.amountOre)).toEqual([4990, 19900, 7890]);
  });

  it('keeps eights that are prices: a German receipt, or a few among round Swedish prices', () => {
    expect(
      read(
        'REWE\nMilch 0,98\nBrot 1,98\nKäse 2,88\nButter 1,88\nWurst 3,48\nApfel 0,88\nSaft 1,28\nEi 2,08\nSUMME 15,44\nBar 20,00',
      ).totalOre,
    ).toBe(1544);
    expect(
      read(
        'ICA Nära\nMjölk 18,95\nBröd 34,90\nOst 89,00\nKaffe 59,90\nSmör 48,50\nÄgg 32,00\nJuice 28,90\nGodis 19,00\nTotalt 331,15\nKort 331,15',
      ).totalOre,
    ).toBe(33115);
  });
});

describe('printed zeros read as 6, 8 or 9 in the lines', () => {
  it('are read as zeros when that makes the lines add up to a total read twice, in exactly one way', () => {
    const text = 'Kaffe 59,08\nBulle 27,00\nLimpa 168,30\nTotalt 194,30\nKort 194,30';
    expect(amounts(text)).toEqual([5900, 2700, 10830]);
    expect(read(text).itemsSumToTotal).toBe(true);
  });

  it('leave the lines as read when two ways add up equally', () => {
    expect(amounts('Kaffe 38,00\nBulle 38,00\nTotalt 68,00\nKort 68,00')).toEqual([3800, 3800]);
  });
});
