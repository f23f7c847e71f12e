import { describe, expect, it } from 'vitest';
import { combineReadings, isUncertain } from './combine.ts';
import { parseReceipt } from './index.ts';

const TODAY = '2026-01-31';
const read = (text: string) => parseReceipt(text, { today: TODAY });

describe('combineReadings', () => {
  it('takes the total that more witnesses agree on and fills gaps from the other reading', () => {
    const first = read('ICA Nära\nKaffe 44,00\nTotalt 41,00');
    const second = read('Kaffe 44,00\nTotalt 44,00\nKort 44,00\n2024-03-15 17:42');
    const combined = combineReadings(first, second);
    expect(combined.totalOre).toBe(4400);
    expect(combined.date).toBe('2024-03-15');
    expect(combined.merchant).toBe('ICA Nära');
  });

  it('keeps the first reading on a tie, so a second look never makes a confirmed total worse', () => {
    const first = read('Kaffe 44,00\nTotalt 44,00\nKort 44,00');
    const second = read('Kaffe 41,00\nTotalt 41,00\nKort 41,00');
    expect(combineReadings(first, second).totalOre).toBe(4400);
  });

  it('takes a total a keyword names over the largest amount, which is a guess and no witness', () => {
    const first = read('real GmbH\nBrötchen 7,02\nVielen Dank');
    const second = read('real GmbH\nBrötchen 5,47\nSUMME EUR 5,47');
    expect(first.totalSources).toEqual(['largest']);
    expect(combineReadings(first, second).totalOre).toBe(547);
  });

  it('takes a chain found by one reading over a header line that merely reads like a name in the other', () => {
    const first = read('Bananen\nHauptstr. 1\nSumme 1,00');
    const second = read('LÖD\nHauptstr. 1\nSumme 1,00');
    expect(combineReadings(first, second)).toMatchObject({ merchant: 'Lidl', category: 'mat' });
    expect(combineReadings(second, first).merchant).toBe('Lidl');
  });
});

describe('isUncertain', () => {
  it('asks for a second look when the total has one witness or the date is missing', () => {
    expect(isUncertain(read('Totalt 44,00\n2024-03-15 17:42'))).toBe(true);
    expect(isUncertain(read('Totalt 44,00\nKort 44,00'))).toBe(true);
    expect(isUncertain(read('Totalt 44,00\nKort 44,00\n2024-03-15 17:42'))).toBe(false);
  });
});
