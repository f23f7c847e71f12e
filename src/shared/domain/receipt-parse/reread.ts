import { findAmounts } from './amounts.ts';
import { datesInText } from './dates.ts';
import { STOP_CLASSES } from './items.ts';
import { classifyLine } from './keywords.ts';
import { toLines } from './lines.ts';
import type { ReceiptLanguage } from './types.ts';

// Three groups of digits (the middle one of two, the separator between the last two may be lost) or two with a
// four-digit year: "13.04.20", "39/02/2018", "02:03720", "04.2020". Price-like words have one separator only.
const DATE_LIKE = /(?<!\d)\d{1,4}[.\-/:,]\d{2}[.\-/:,]?\d{2,4}/;
// A time or opening hours ("09:00-20:00").
const TIME_ONLY = /^\d{1,2}:\d{2}(?::\d{2})?(?:-\d{1,2}:\d{2})?$/;
const TIME = /(?<!\d)([01]?\d|2[0-3]):[0-5]\d(?!\d)/;
const DATE_WORD = /datum|date|zeit|tid|pvm|kassa|kasse|bon/i;
// Each word re-read costs about 50 ms; the date line comes first in the ranking, so more words add time, not dates.
const MAX_WORDS = 1;

/** A word OCR read on a receipt line, with the line it belongs to. */
export type WordOnLine = { word: string; line: string };

/** How much a line looks like the one with the purchase date: a time or a date label beside it. */
function lineScore(line: string): number {
  return (TIME.test(line) ? 1 : 0) + (DATE_WORD.test(line) ? 1 : 0);
}

/**
 * The word worth reading again as digits: shaped like a date, possibly misread ("39/02/2018", "02:03720"), not a
 * bare time, one on a line with a time and a date label before one with either, else the first. The reader
 * enlarges it and reads it alone, because a wrong digit in a date otherwise still gives a real date nobody can tell
 * is wrong.
 */
export function dateWordsToReread<T extends WordOnLine>(words: readonly T[]): T[] {
  return words
    .map((w, order) => ({ w, order, score: lineScore(w.line) }))
    .filter(({ w }) => DATE_LIKE.test(w.word) && !TIME_ONLY.test(w.word.trim()))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_WORDS)
    .map(({ w }) => w);
}

/** The ISO date `years` before `today`. */
const yearsBefore = (today: string, years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;

/**
 * Which of two readings of one word or line to keep: the enlarged digit-only re-read when it holds a date not
 * after `today` and at most 20 years old, and the first reading holds no such date or another one; else the first
 * reading. The re-read sees the word alone at about 40 px with only digits and separators allowed, so where the
 * two disagree it is the better witness ("39/02/2018" → "09/02/2018"). A re-read word loses its spaces, a line
 * those after a separator ("03.04. 20"), which tesseract puts into wide-set print.
 */
export function preferReread(
  original: string,
  reread: string,
  language: ReceiptLanguage | null,
  today: string,
  what: 'word' | 'line' = 'word',
): string {
  const oldest = yearsBefore(today, 20);
  const valid = (text: string) => datesInText(text, language, today).filter((d) => d >= oldest && d <= today);
  const candidate = what === 'word' ? reread.replace(/\s+/g, '') : reread.replace(/([./-]) +(?=\d)/g, '$1').trim();
  const [newDate] = valid(candidate);
  if (newDate === undefined) return original;
  return valid(original).includes(newDate) ? original : candidate;
}

// A price as printed or garbled: digits with at most one separator or two letters OCR takes for digits, a trailing
// minus for a discount ("35,00", "1O9.90", "2995", "12,50-"). Dates, times and phone numbers have more separators.
const PRICE_LIKE = /^-?[\dOolISB]{1,5}[.,:]?[\dOolISB]{2}-?$/;
const DIGITS = /\d/g;
// Each word re-read costs tens of milliseconds; a long receipt's price column is rarely longer.
const MAX_AMOUNT_WORDS = 30;
// The price column: a word ending in the right part of what the page printed.
const RIGHT_SHARE = 0.6;

/** A word with its left and right edges on the page. */
export type PlacedWord = WordOnLine & { x0: number; x1: number };

/**
 * The words worth reading again as digits when a receipt's lines do not add up to its total: the price-shaped words
 * of the price column (their right edge in the right part of the printed width), top to bottom, at most
 * MAX_AMOUNT_WORDS. A misread digit in a price makes a valid price nobody can tell is wrong; tesseract is asked again
 * about that word alone, and the lines are voted on with both readings.
 */
export function amountWordsToReread<T extends PlacedWord>(words: readonly T[]): T[] {
  const left = Math.min(...words.map((w) => w.x0));
  const right = Math.max(...words.map((w) => w.x1));
  const edge = left + RIGHT_SHARE * (right - left);
  return words
    .filter(({ word, x1 }) => x1 >= edge && PRICE_LIKE.test(word) && (word.match(DIGITS)?.length ?? 0) >= 2)
    .slice(0, MAX_AMOUNT_WORDS);
}

/**
 * The enlarged digit-only re-read of a price word when it reads as exactly one price and nothing else ("35,00",
 * "12,50-"), else the first reading. The re-read saw the word alone at about 40 px; whether it or the first reading
 * was right is for the lines' sum to say.
 */
export function preferAmountReread(original: string, reread: string): string {
  const candidate = reread.replace(/\s+/g, '');
  const [amount, ...more] = findAmounts(candidate);
  if (!amount || more.length > 0 || amount.start !== 0 || amount.end !== candidate.length) return original;
  return candidate;
}

/** A line of a reading with its box on the page. */
export type PlacedLine = {
  text: string;
  y0: number;
  y1: number;
  x0: number;
  x1: number;
  /** How tall its words' print is, when their boxes are known; a line's box may hold space around them. */
  printHeight?: number;
};

/**
 * A band of the page to read again as one printed row: the index of the line it replaces, or null to insert it before
 * `before`.
 */
export type RowToReread = {
  replaces: number | null;
  before: number;
  y0: number;
  y1: number;
  x0: number;
  x1: number;
  /** How tall a priced row's print is on the page, for enlarging it. */
  printHeight: number;
};

// A row costs about 100 ms to read again; a receipt drops or garbles a few rows, not dozens.
const MAX_ROWS = 8;
// Between two printed rows more than this share of a row's height lies empty only where the layout dropped a row.
const GAP_SHARE = 0.9;

/** The middle value of some measurements (the upper of the two middle ones), or undefined when there are none. */
export const medianOf = (values: readonly number[]): number | undefined =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The last amount of a line when only a mark or two (a VAT class, a star) follows it. */
function amountAtEnd(text: string) {
  const last = findAmounts(text).at(-1);
  return last !== undefined && text.slice(last.end).trim().length <= 2 ? last : undefined;
}

const endsInAmount = (text: string) => amountAtEnd(text) !== undefined;

/**
 * The rows of the purchased lines worth reading again whole when they do not add up to the total: from the row above
 * the first line that ends in an amount down to the total line, the rows that hold no amount (a name and price OCR
 * garbled, "TR Ew", "Kaffe 4st*1539980"), and empty bands as tall as a row between two rows (a row the automatic
 * layout dropped). Each band spans the width of the priced lines, where the price of a garbled row was printed.
 */
export function rowsToReread(lines: readonly PlacedLine[]): RowToReread[] {
  const first = lines.findIndex((line) => endsInAmount(line.text));
  if (first < 0) return [];
  // The purchased lines end where the total is printed.
  const total = lines.findIndex(
    (line, i) => i > first && STOP_CLASSES.has(classifyLine(toLines(line.text)[0]?.key ?? '') ?? ''),
  );
  const end = total < 0 ? lines.length : total;
  const priced = lines.slice(first, end).filter((line) => endsInAmount(line.text));
  const rowHeight = medianOf(priced.map((line) => line.y1 - line.y0)) ?? 0;
  const printHeight = medianOf(priced.map((line) => line.printHeight ?? line.y1 - line.y0)) ?? 0;
  if (rowHeight <= 0 || printHeight <= 0) return [];
  const x0 = Math.min(...priced.map((line) => line.x0));
  const x1 = Math.max(...priced.map((line) => line.x1));
  const rows: RowToReread[] = [];
  for (let i = Math.max(0, first - 1); i < end && rows.length < MAX_ROWS; i += 1) {
    const line = lines[i] as PlacedLine;
    const above = lines[i - 1];
    if (i > first && above && line.y0 - above.y1 > GAP_SHARE * rowHeight) {
      rows.push({ replaces: null, before: i, y0: above.y1, y1: line.y0, x0, x1, printHeight });
    }
    if (findAmounts(line.text).length === 0 && line.y1 - line.y0 <= 2 * rowHeight) {
      rows.push({ replaces: i, before: i, y0: line.y0, y1: line.y1, x0, x1, printHeight });
    }
  }
  return rows.slice(0, MAX_ROWS);
}

/**
 * The text of a row read again whole when it reads as a purchased line (a name of two letters or more and an amount
 * at its end), else null.
 */
export function rowReadAgain(text: string): string | null {
  const row = text.replace(/\s+/g, ' ').trim();
  const amount = amountAtEnd(row);
  if (!amount) return null;
  return (row.slice(0, amount.start).match(/\p{L}/gu)?.length ?? 0) >= 2 ? row : null;
}
