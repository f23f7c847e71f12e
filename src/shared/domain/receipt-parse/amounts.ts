import { ore } from '../money.ts';
import type { Ore } from '../money.ts';

/** An amount found in a line of receipt text, with its character span so callers can cut descriptions. */
export type AmountMatch = { ore: Ore; start: number; end: number };

// Whole part with optional thousands groups, a decimal separator, exactly two decimals, optional trailing minus
// (the German and Swedish way of printing a discount: "1,00-"). Digits glued to a word are part of it, never
// thousands of the price: "Solskydd SPF30 149,00" costs 149,00.
const DECIMAL =
  /(?<![\d.,'])(-\s?)?((?<!\p{L})\d{1,3}(?:([ .,'])\d{3})+|\d{1,7})([.,])(\d{2})(?![\d])(?![.,]\d)(\s?-(?![\d]))?/gu;
// Whole kronor as Swedish shops print them: "389 kr", "29:-", "50,-".
const WHOLE = /(?<![\d.,'])(-\s?)?((?<!\p{L})\d{1,3}(?: \d{3})+|\d{1,7})(?:\s?(?:kr|sek)\b|:-|,-)/giu;

const MAX_ORE = 10_000_000_00;

function toOre(whole: string, fraction: string, negative: boolean): Ore | null {
  const value = Number(whole.replace(/[ .,']/g, '')) * 100 + Number(fraction);
  if (!Number.isSafeInteger(value) || value > MAX_ORE) return null;
  return ore(negative ? -value : value);
}

/**
 * Every money amount in a line, left to right, in öre. Needs two decimals ("12,50", "1 234.00", "5,00-") or a
 * whole-krona marker ("389 kr", "29:-"), so quantities, dates and times are never read as money.
 */
export function findAmounts(text: string): AmountMatch[] {
  const found: AmountMatch[] = [];
  for (const m of text.matchAll(DECIMAL)) {
    const [all, lead, whole = '', group, separator] = m;
    if (group !== undefined && group === separator) continue;
    const value = toOre(whole, m[5] ?? '00', Boolean(lead) || Boolean(m[6]));
    if (value !== null) found.push({ ore: value, start: m.index, end: m.index + all.length });
  }
  for (const m of text.matchAll(WHOLE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (found.some((f) => start < f.end && end > f.start)) continue;
    const value = toOre(m[2] ?? '', '00', Boolean(m[1]));
    if (value !== null) found.push({ ore: value, start, end });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The rightmost amount of a line: receipts print the line total last. */
export function lastAmount(text: string): AmountMatch | null {
  const all = findAmounts(text);
  return all[all.length - 1] ?? null;
}
