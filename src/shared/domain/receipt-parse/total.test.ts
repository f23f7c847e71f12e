import { describe, expect, it } from 'vitest';
import { findItems } from './items.ts';
import { toLines } from './lines.ts';
import { findTotal } from './total.ts';

const total = (text: string) => {
  const lines = toLines(text);
  return findTotal(lines, findItems(lines));
};

describe('findTotal', () => {
  it('takes "Att betala" over "Totalt" when öresavrundning makes them differ', () => {
    const result = total(
      'Mjölk 20,45\nBröd 30,00\nTotalt 50,45\nÖresavrundning -0,45\nAtt betala 50,00\nKontant 100,00\nVäxel 50,00',
    );
    expect(result.totalOre).toBe(5000);
    expect(result.sources).toEqual(expect.arrayContaining(['payable', 'rounded', 'cash-change']));
  });

  it('rounds to the nearest krona when the "Att betala" line is lost, even if OCR dropped the minus', () => {
    expect(total('Vara 50,45\nTotalt 50,45\nÖresavrundning 0,45\nKontant 50,00').totalOre).toBe(5000);
  });

  it('rounds the first "Att betala" when öresavrundning follows it and the rounded line is misread', () => {
    const text =
      'Bröd 59,95\nOst 393,76\nATT BETALA SEK 453,71\nÖresavrundning 0,29\nAtt betala 454, 88\nKontant 500,00\nVäxel 46,00';
    const result = total(text);
    expect(result.totalOre).toBe(45400);
    expect(result.sources).toEqual(expect.arrayContaining(['payable', 'rounded', 'cash-change']));
  });

  it('joins witnesses that differ only where one shows a 0 and the other a 6, 8 or 9, for the amount with the 0', () => {
    expect(total('Kaffe 1 086,30\nTotalt 1 686,30\nKöp SEK 1 086,30').totalOre).toBe(108630);
    expect(total('Vin 839,00\nATT BETALA SEK 839,60\nKöp SEK 839,06').totalOre).toBe(83900);
    // Cash handed over is no witness of the sum: 600,00 given for 680,00 is no misread.
    expect(total('Vara 680,00\nAtt betala 680,00\nKontant 600,00').totalOre).toBe(68000);
  });

  it('lets the card slip and the VAT table outvote a misread total line', () => {
    const text = 'Kaffe 44,00\nTotalt 41,00\nKortköp 44,00\nMoms 12% 4,71 39,29 44,00';
    expect(total(text)).toEqual({
      totalOre: 4400,
      sources: ['vat', 'card'],
      beforeRoundingOre: null,
      roundedFromOre: [],
    });
  });

  it('computes cash minus change as a witness', () => {
    expect(total('Vara 8,83\nBARGELD 20,03\nZURÜCK 11,20').totalOre).toBe(883);
  });

  it('refuses a total larger than the cash handed over', () => {
    const text = 'Vara 3,58\nVara 3,58\nzu zahlen 71,16\nBar 10,00\nRückgeld 2,84\nA 7% 0,47 6,69 7,16';
    expect(total(text).totalOre).toBe(716);
  });

  it('adds the tip to the sum when the final line is missing', () => {
    expect(total('Lunch 450,00\nSumma 450,00\nDricks 50,00\nKort 500,00').totalOre).toBe(50000);
  });

  it('does not take a subtotal, a VAT amount or a discount sum for the total', () => {
    const text = 'Vara 100,00\nVara 50,00\nDelsumma 150,00\nRabatter 20,00\nMoms 25% 26,00\nTotalt 130,00';
    expect(total(text).totalOre).toBe(13000);
  });

  it('does not take the VAT included in a sum for the total, and counts the card slip amount', () => {
    const text = 'Ladekabel 39,00\nincl. 19,00% MwSt 6,23\nBetrag EUR 39,00';
    expect(total(text).totalOre).toBe(3900);
  });

  it('takes "Total inclusive GST" for a total but ignores a product called TIP above the sum', () => {
    expect(total('Soap 5.00\nTotal Inclusive GST: 5.30').totalOre).toBe(530);
    expect(total('TIP Spülschwamm 2,49\nBrot 1,50\nSumme 3,99\nBar 5,00\nRückgeld 1,01').totalOre).toBe(399);
  });

  it('reads a sum whose decimal comma OCR lost', () => {
    const text = 'Wurst 3,20\nKäse 4,50\nSUMME EUR 7 70\nBar EUR 10,00\nRückgeld EUR 2,31';
    expect(total(text).totalOre).toBe(770);
  });

  it('takes the amount of a payment line from the next line only when that line is the amount alone', () => {
    const fuel = 'Kartenzahlung\n000005 Super bleifrei 24,00 EUR A\nGesamtbetrag\nBetrag: EUR 34,00';
    expect(total(fuel)).toEqual({ totalOre: 3400, sources: ['card'], beforeRoundingOre: null, roundedFromOre: [] });
    expect(total('Brot 3,40\nAtt betala\nSEK 34,00').totalOre).toBe(3400);
  });

  it('recognises a change line whose word OCR broke in two', () => {
    expect(total('Brot 19,58\nzu zahlen 19,58\nBar 20,00\nRückge ld -0,42').sources).toEqual([
      'payable',
      'cash-change',
    ]);
  });

  it('lets two agreeing witnesses beat one misread sum of the same weight', () => {
    const text = 'Brot 2,57\nSUMME EUR 7,42\nBAR EUR 27,42\nB 7% 23,45 1,64 25,09\nC 19% 1,96 0,37 2,33';
    expect(total(text)).toEqual({
      totalOre: 2742,
      sources: ['vat', 'cash'],
      beforeRoundingOre: null,
      roundedFromOre: [],
    });
  });

  it('knows the English "payable"', () => {
    expect(total('Bread 2.50\nMilk 3.20\nSubtotal 5.70\nReturns -1.20\nTotal payable: 4.50').totalOre).toBe(450);
  });

  it('gives null when the text holds no amount at all', () => {
    expect(total('Välkommen åter!')).toEqual({
      totalOre: null,
      sources: [],
      beforeRoundingOre: null,
      roundedFromOre: [],
    });
  });
});
