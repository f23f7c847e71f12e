import { describe, expect, it } from 'vitest';
import { combineReadings, isUncertain, votedItems, withChainReadAgain, withLinesReadAgain } from './combine.ts';
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

describe('the lines of two readings', () => {
  const lines = (...rows: string[]) => rows.join('\n');

  it('unites the lines each reading dropped when together they add up to the total', () => {
    const first = read(lines('ICA Nära', 'Mjölk 15,90', 'Kaffe 44,00', 'Totalt 89,80', 'Kort 89,80'));
    const second = read(lines('ICA Nära', 'Mjolk 15,90', 'Bröd 29,90', 'Totalt 89,80'));
    expect([first.itemsSumToTotal, second.itemsSumToTotal]).toEqual([false, false]);
    const combined = combineReadings(first, second);
    expect(combined.itemsSumToTotal).toBe(true);
    expect(combined.items.map((item) => [item.description, item.amountOre])).toEqual([
      ['Mjölk', 1590],
      ['Kaffe', 4400],
      ['Bröd', 2990],
    ]);
  });

  it('takes, of a line read with two amounts, the one with which the lines add up', () => {
    const first = read(lines('Mjölk 15,90', 'Kaffe 44,00', 'Totalt 89,80', 'Kort 89,80'));
    const second = read(lines('Mjölk 15,90', 'Kaffe 41,00', 'Bröd 29,90', 'Totalt 89,80'));
    const combined = combineReadings(first, second);
    expect(combined.itemsSumToTotal).toBe(true);
    expect(combined.items.map((item) => item.amountOre)).toEqual([1590, 4400, 2990]);
  });

  it('leaves the lines as read when no choice, or more than one, adds up', () => {
    const none = [
      read(lines('Mjölk 15,90', 'Kaffe 44,00', 'Totalt 80,00', 'Kort 80,00')),
      read(lines('Mjölk 15,90', 'Kaffe 41,00', 'Totalt 80,00')),
    ];
    expect(votedItems(none[0]!.items, none[1]!.items, 8000)).toBeNull();
    expect(combineReadings(none[0]!, none[1]!).itemsSumToTotal).toBe(false);
    const first = read(lines('Mjölk 15,90', 'Kaffe 44,00', 'Te 20,00', 'Totalt 79,90', 'Kort 79,90'));
    const second = read(lines('Mjölk 18,90', 'Kaffe 41,00', 'Te 20,00', 'Totalt 79,90'));
    expect(votedItems(first.items, second.items, 7990)).toBeNull();
  });
});

describe('withLinesReadAgain', () => {
  const lines = (...rows: string[]) => rows.join('\n');

  it('takes the prices read again only for the lines, when with them the lines add up to the same total', () => {
    const reading = read(lines('ICA Nära', 'Mjölk 13,80', 'Kaffe 44,00', 'Totalt 59,90', 'Kort 59,90'));
    const again = read(lines('ICA Nära', 'Mjölk 15,90', 'Kaffe 44,00', 'Totalt 59,98', 'Kort 59,90'));
    expect(reading.itemsSumToTotal).toBe(false);
    const taken = withLinesReadAgain(reading, again);
    expect(taken.itemsSumToTotal).toBe(true);
    expect(taken.items.map((item) => item.amountOre)).toEqual([1590, 4400]);
    expect([taken.totalOre, taken.totalSources]).toEqual([reading.totalOre, reading.totalSources]);
  });

  it('votes line by line when neither reading adds up alone, and keeps lines that already add up', () => {
    const reading = read(lines('Mjölk 15,90', 'Kaffe 47,60', 'Bröd 29,90', 'Totalt 89,80', 'Kort 89,80'));
    const again = read(lines('Mjölk 13,80', 'Kaffe 44,00', 'Bröd 29,90', 'Totalt 89,80'));
    expect([reading.itemsSumToTotal, again.itemsSumToTotal]).toEqual([false, false]);
    expect(withLinesReadAgain(reading, again).items.map((item) => item.amountOre)).toEqual([1590, 4400, 2990]);
    const right = read(lines('Mjölk 15,90', 'Kaffe 44,00', 'Totalt 59,90'));
    expect(withLinesReadAgain(right, read(lines('Mjölk 15,90', 'Kaffe 41,00', 'Totalt 56,90')))).toBe(right);
  });

  it('leaves the reading as it was when no way adds up', () => {
    const reading = read(lines('Mjölk 13,80', 'Kaffe 44,00', 'Totalt 59,90', 'Kort 59,90'));
    const again = read(lines('Mjölk 12,80', 'Kaffe 44,00', 'Totalt 59,90'));
    expect(withLinesReadAgain(reading, again)).toBe(reading);
  });
});

describe('withChainReadAgain', () => {
  it('takes a chain found in the top read again, with its store format and category, and nothing else', () => {
    const reading = read('Jönköping A6\nBatterigatan 5\nKyckling 89,90\nTotalt 89,90\n2026-09-06 15:44');
    const again = read('WILLYS\nJönköping A6\nBatterigatan 5\nKyckling 89,90\nTotalt 98,90\n2026-09-06 15:44');
    expect(reading.merchantSource).not.toBe('chain');
    const taken = withChainReadAgain(reading, again);
    expect(taken).toMatchObject({ merchant: 'Willys', merchantSource: 'chain', category: 'mat', totalOre: 8990 });
  });

  it('keeps the reading when it already names a chain or the top read again names none', () => {
    const chain = read('ICA Nära\nTotalt 10,00');
    expect(withChainReadAgain(chain, read('Willys\nTotalt 10,00'))).toBe(chain);
    const header = read('Jönköping A6\nTotalt 10,00');
    expect(withChainReadAgain(header, read('Storgatan 1\nJönköping A6\nTotalt 10,00'))).toBe(header);
  });
});

describe('isUncertain', () => {
  it('asks for a second look when the total has one witness or the date is missing', () => {
    expect(isUncertain(read('Totalt 44,00\n2024-03-15 17:42'))).toBe(true);
    expect(isUncertain(read('Totalt 44,00\nKort 44,00'))).toBe(true);
    expect(isUncertain(read('Totalt 44,00\nKort 44,00\n2024-03-15 17:42'))).toBe(false);
  });
});
