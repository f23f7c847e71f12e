import { describe, expect, it } from 'vitest';
import { findItems } from './items.ts';
import { toLines } from './lines.ts';

const items = (text: string) => findItems(toLines(text));

describe('findItems', () => {
  it('reads articles with their line totals and stops at the total', () => {
    expect(items('ICA Nära\nMjölk 18,95\nBröd 34,90 *\nTotalt 53,85\nKort 53,85')).toEqual([
      { description: 'Mjölk', amountOre: 1895 },
      { description: 'Bröd', amountOre: 3490 },
    ]);
  });

  it('keeps quantity and weight details out of the list', () => {
    const found = items('Kaffe 119,80\n  2 st x 59,90\nLösvikt godis 23,70\n0,237 kg x 99,90 kr/kg\nSumma 143,50');
    expect(found.map((i) => i.description)).toEqual(['Kaffe', 'Lösvikt godis']);
  });

  it('reads German lines with unit price and VAT class, and discounts as negative', () => {
    expect(items('Kiwi Gold 0,59 x 4 2,36 A\nRabatt 0,50-\nSUMME 1,86')).toEqual([
      { description: 'Kiwi Gold', amountOre: 236 },
      { description: 'Rabatt', amountOre: -50 },
    ]);
  });

  it('takes the description from the line above when the amount line starts with a barcode', () => {
    expect(items('Dole Pineapple Pcs\n8809069300708 7.90*3 23.70 Z\nTotal 23.70')).toEqual([
      { description: 'Dole Pineapple Pcs', amountOre: 2370 },
    ]);
  });
});
