import { findAmounts } from './amounts.ts';
import { datesInText } from './dates.ts';
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
