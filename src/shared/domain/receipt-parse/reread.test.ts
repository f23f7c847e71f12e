import { describe, expect, it } from 'vitest';
import {
  amountWordsToReread,
  dateWordsToReread,
  preferAmountReread,
  preferReread,
  rowReadAgain,
  rowsToReread,
} from './reread.ts';

const TODAY = '2026-01-31';
const wordsOf = (...lines: string[]) => lines.flatMap((line) => line.split(/\s+/).map((word) => ({ word, line })));

describe('dateWordsToReread', () => {
  it('picks date-shaped words, also misread ones, and leaves prices, bare times and phone numbers alone', () => {
    const words = wordsOf('Kaffe 22.00', 'Tel 05251-871871-0', 'Öppet 09:00-20:00', '3182 748433/01 02:03720---15:59');
    expect(dateWordsToReread(words).map((w) => w.word)).toEqual(['02:03720---15:59']);
    expect(dateWordsToReread(wordsOf('Date. 39/02/2018')).map((w) => w.word)).toEqual(['39/02/2018']);
    expect(dateWordsToReread(wordsOf('Kl 14:52'))).toEqual([]);
  });

  it('reads only the word on the line that looks most like the date line: a time and a date label beside it', () => {
    const words = wordsOf('Produkte vom 28.01.2020', 'St.Nr 215/5940/2539', 'a 04.2020 14:43', 'Datum 23.09.16 14:05');
    expect(dateWordsToReread(words).map((w) => w.word)).toEqual(['23.09.16']);
    expect(dateWordsToReread(wordsOf('St.Nr 215/5940/2539', 'vom 28.01.2020')).map((w) => w.word)).toEqual([
      '215/5940/2539',
    ]);
  });
});

describe('preferReread', () => {
  it('takes the re-read when the first reading is no calendar date', () => {
    expect(preferReread('39/02/2018', '09/02/2018', 'en', TODAY)).toBe('09/02/2018');
  });

  it('takes the re-read when both are real dates that differ, since it saw the word alone and enlarged', () => {
    expect(preferReread('24.02.20', '25.02.20', 'de', TODAY)).toBe('25.02.20');
  });

  it('keeps the first reading when the re-read agrees or holds no date', () => {
    expect(preferReread('(13.04.20', '13.04.20', 'de', TODAY)).toBe('(13.04.20');
    expect(preferReread('02:03720---15:59', '03:20 15:09', 'de', TODAY)).toBe('02:03720---15:59');
    expect(preferReread('04.2020', '-04.2020', 'de', TODAY)).toBe('04.2020');
  });

  it('never takes a re-read date after the upload day or more than 20 years old', () => {
    expect(preferReread('24.01.2026', '24.12.2026', 'de', TODAY)).toBe('24.01.2026');
    expect(preferReread('24.02.20', '24.02.1999', 'de', TODAY)).toBe('24.02.20');
  });

  it('drops the spaces tesseract puts inside a re-read word, and those after a separator in a line', () => {
    expect(preferReread('l3.O4.20', '03.04. 20', 'de', TODAY)).toBe('03.04.20');
    expect(preferReread('a 04.2020 14:43 2875', '06. 04. 2020 14:43 2875', 'de', TODAY, 'line')).toBe(
      '06.04.2020 14:43 2875',
    );
  });
});

describe('amountWordsToReread', () => {
  const placed = (word: string, x0: number, x1: number) => ({ word, line: word, x0, x1 });

  it('picks the price-shaped words of the price column, top to bottom, also misread ones', () => {
    const words = [
      placed('Mjölk', 10, 120),
      placed('15,90', 400, 480),
      placed('2st*12,00', 30, 200),
      placed('24,O0', 402, 480),
      placed('2995', 410, 480),
      placed('12,50-', 395, 490),
      placed('2026-11-21', 10, 200),
      placed('14:52', 400, 470),
      placed('08-123', 400, 480),
    ];
    expect(amountWordsToReread(words).map((w) => w.word)).toEqual(['15,90', '24,O0', '2995', '12,50-', '14:52']);
  });

  it('leaves amounts in the left part of the print, where quantities and unit prices stand', () => {
    expect(
      amountWordsToReread([placed('12,00', 20, 90), placed('Totalt', 20, 120), placed('24,00', 400, 480)]),
    ).toEqual([placed('24,00', 400, 480)]);
  });
});

describe('preferAmountReread', () => {
  it('takes a re-read that is one price and nothing else, with its spaces dropped', () => {
    expect(preferAmountReread('18,90', '15,90')).toBe('15,90');
    expect(preferAmountReread('24,O0', '24, 00')).toBe('24,00');
    expect(preferAmountReread('12,50', '12,50-')).toBe('12,50-');
  });

  it('keeps the first reading when the re-read is no price or more than one', () => {
    expect(preferAmountReread('15,90', '1590')).toBe('15,90');
    expect(preferAmountReread('15,90', '15,90 15,90')).toBe('15,90');
    expect(preferAmountReread('15,90', '')).toBe('15,90');
    expect(preferAmountReread('15,90', '-.15,90')).toBe('15,90');
  });
});

describe('rowsToReread', () => {
  // Rows 30 px tall, 10 px apart, the price column ending at x 600.
  const rows = (texts: string[], skip: number[] = []) =>
    texts.map((text, i) => {
      const y0 = 100 + 40 * (i + skip.filter((s) => s <= i).length);
      return { text, y0, y1: y0 + 30, x0: 20, x1: text.match(/\d,\d\d$/) ? 600 : 300 };
    });

  it('reads again a row between purchased lines that holds no amount, across the priced width', () => {
    const lines = rows(['ICA Nära', 'Kassa 3', 'Mjölk 15,90', 'TR Ew', 'Bröd 32,00', 'Totalt 47,90', 'Ref: 1234']);
    const found = rowsToReread(lines);
    expect(found.map((r) => r.replaces)).toEqual([1, 3]);
    expect(found[1]).toMatchObject({ y0: 220, y1: 250, x0: 20, x1: 600, printHeight: 30 });
  });

  it('reads again the band where a row was dropped between two rows', () => {
    const lines = rows(['Mjölk 15,90', 'Bröd 32,00', 'Ost 89,00', 'Summa 137,90'], [2]);
    expect(rowsToReread(lines)).toEqual([
      { replaces: null, before: 2, y0: 170, y1: 220, x0: 20, x1: 600, printHeight: 30 },
    ]);
  });

  it('finds nothing on lines that all hold amounts, or with no priced line', () => {
    expect(rowsToReread(rows(['Mjölk 15,90', 'Bröd 32,00', 'Totalt 47,90']))).toEqual([]);
    expect(rowsToReread(rows(['Tack för besöket', 'Välkommen åter']))).toEqual([]);
  });
});

describe('rowReadAgain', () => {
  it('takes a row that reads as a name and a price', () => {
    expect(rowReadAgain('Kaffe stor 35.00\n')).toBe('Kaffe stor 35.00');
    expect(rowReadAgain('Rabatt Extrapris  12,00-')).toBe('Rabatt Extrapris 12,00-');
  });

  it('refuses noise, a row without a price and a price without a name', () => {
    expect(rowReadAgain('me] SEIN')).toBeNull();
    expect(rowReadAgain('Kassa 1 Kassör 59')).toBeNull();
    expect(rowReadAgain('121 54')).toBeNull();
    expect(rowReadAgain('35,00')).toBeNull();
  });
});
