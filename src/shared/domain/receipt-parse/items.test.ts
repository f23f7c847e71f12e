import { describe, expect, it } from 'vitest';
import { findItems } from './items.ts';
import { toLines } from './lines.ts';

const items = (text: string) => findItems(toLines(text));
const lines = (text: string) => items(text).map((i) => [i.description, i.amountOre]);

describe('findItems', () => {
  it('never takes a row of the VAT table for a purchase, when the price column was not read', () => {
    const text =
      'Biltema\nEltejp\nSladdvinda\nTotalt\nKÖP SEK 585,40\nMoms% Moms Netto Brutto\n25,00 117,08 468,32 585,40';
    expect(lines(text)).toEqual([]);
  });

  it('reads articles with their line totals and stops at the total', () => {
    expect(lines('ICA Nära\nMjölk 18,95\nBröd 34,90 *\nTotalt 53,85\nKort 53,85')).toEqual([
      ['Mjölk', 1895],
      ['Bröd', 3490],
    ]);
  });

  it('attaches quantity and weight lines to the article above them', () => {
    const found = items('Kaffe 119,80\n  2 st x 59,90\nLösvikt godis 23,70\n0,237 kg x 99,90 kr/kg\nSumma 143,50');
    expect(found.map((i) => [i.description, i.amountOre, i.quantity])).toEqual([
      ['Kaffe', 11980, '2 st x 59,90'],
      ['Lösvikt godis', 2370, '0,237 kg x 99,90 kr/kg'],
    ]);
  });

  it('reads a quantity printed after the name as the quantity, not as the name', () => {
    expect(items('Ramlösa 50cl 2st*25,00 50,00\nTotalt 50,00')[0]).toMatchObject({
      description: 'Ramlösa 50cl',
      quantity: '2st*25,00',
      amountOre: 5000,
    });
  });

  it('completes an article whose quantity line carries the line total', () => {
    expect(lines('Kaffe Mellanrost\n2 st x 59,90 119,80\nTotalt 119,80')).toEqual([['Kaffe Mellanrost', 11980]]);
  });

  it('attaches discounts and deposits to their article, so each line costs what was paid for it', () => {
    const found = items(
      'Coca-Cola 1,5l 49,90\n  2 st x 24,95\n  Pant 4,00\n  Rabatt -10,00\nOst Präst 119,90\nMedlemspris -20,00\n' +
        'Loka 12,95\n+ Pant 1,00\nTotalt 157,75',
    );
    expect(found).toEqual([
      {
        description: 'Coca-Cola 1,5l',
        amountOre: 4390,
        priceOre: 4990,
        quantity: '2 st x 24,95',
        discounts: [{ description: 'Rabatt', amountOre: -1000 }],
        depositOre: 400,
      },
      {
        description: 'Ost Präst',
        amountOre: 9990,
        priceOre: 11990,
        quantity: null,
        discounts: [{ description: 'Medlemspris', amountOre: -2000 }],
        depositOre: 0,
      },
      { description: 'Loka', amountOre: 1395, priceOre: 1295, quantity: null, discounts: [], depositOre: 100 },
    ]);
    expect(found.reduce((sum, i) => sum + i.amountOre, 0)).toBe(15775);
  });

  it('reads a discount printed with a trailing minus, as German and Swedish tills do', () => {
    expect(lines('Kiwi Gold 0,59 x 4 2,36 A\nRabatt 0,50-\nSUMME 1,86')).toEqual([['Kiwi Gold', 186]]);
  });

  it('keeps a discount with no article above it as a line of its own, negative', () => {
    expect(lines('Rabatt 10,00-\nKaffe 44,00\nTotalt 34,00')).toEqual([
      ['Rabatt', -1000],
      ['Kaffe', 4400],
    ]);
  });

  it('takes the description from the line above when the amount line starts with a barcode', () => {
    expect(lines('Dole Pineapple Pcs\n8809069300708 7.90*3 23.70 Z\nTotal 23.70')).toEqual([
      ['Dole Pineapple Pcs', 2370],
    ]);
  });
});

describe('findItems on thermal print as OCR reads it', () => {
  it('takes garbled quantity lines ("3stx 69,00", "25tx595,00") for quantities, not articles', () => {
    expect(
      lines(
        'Alkoholfritt vin 207,00\n3stx 69,00\nEnkelbiljett 1190,00\n25tx595,00\nKaffe 64,00\nIstx 32.00\nSumma 1461,00',
      ),
    ).toEqual([
      ['Alkoholfritt vin', 20700],
      ['Enkelbiljett', 119000],
      ['Kaffe', 6400],
    ]);
  });

  it('attaches a deposit whose "nt" OCR read as "m"', () => {
    expect(lines('Öl Lager 50cl 19,90\n+Pam 1,00\nTotalt 20,90')).toEqual([['Öl Lager 50cl', 2090]]);
  });
});
