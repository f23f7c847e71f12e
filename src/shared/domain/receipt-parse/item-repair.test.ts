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

  it('leaves the lines as read when the total is read once or two fixes are equally likely', () => {
    expect(amounts('Kaffe 32,00\nBulle 16,00\nTotalt 50,00')).toEqual([3200, 1600]);
    // 36,00 → 38,00 and 16,00 → 18,00 both add the two kronor missing; nothing decides between them.
    expect(amounts('Kaffe 36,00\nBulle 16,00\nTotalt 54,00\nKort 54,00')).toEqual([3600, 1600]);
  });
});
