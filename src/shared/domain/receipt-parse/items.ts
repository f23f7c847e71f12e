import { ore } from '../money.ts';
import { findAmounts } from './amounts.ts';
import type { AmountMatch } from './amounts.ts';
import { quantityIn } from './item-repair.ts';
import { classifyLine } from './keywords.ts';
import { letterCount } from './lines.ts';
import type { Line } from './lines.ts';
import type { ReceiptItem } from './types.ts';

// A quantity or weight detail under an article ("2 st x 22,00", "0,256 kg x 89,00 kr/kg"), not an article; also
// as OCR garbles the count and "st x" on thermal print ("3stx 69,00", "25tx595,00", "4 5tx", "Istx 29.00").
const DETAIL =
  /^(?:\d+(?:[.,]\d+)?\s*(?:st|stk|x|kpl|pcs|kg|g|l)\b|[x*à@]\s*\d|[\dIl|]{1,2}\s*[s5$]?\s*[tf]\s*[x×*'"°+]\s*\d)|\bkr\/kg\b|\/kg\b|\bà\b/i;
// A quantity printed after the article's name: "Ramlösa 50cl 2st*25,00", "Kaffe 3 st x 59,90", "0,59 x 4".
const INLINE_QUANTITY =
  /\s+(\d+\s*(?:st|stk|pcs|kpl)?\s*[x*à@]\s*\d+[.,]\d{2}|\d+(?:[.,]\d+)?\s*(?:st|stk|x|kpl|pcs))\s*$/i;
// The count before a unit price, as OCR reads "4st*" ("45t+", "3s5t~"), when the line has unit price and total.
const COUNT_BEFORE_PRICE = /\s+\d+\s*[\p{L}\d]{0,3}\s*[^\s\p{L}\d]?$/u;
// A deposit on bottles and cans, printed under the drink: "Pant 2,00", "+ Pant 1,00", "Pantbelopp"; OCR reads the
// "nt" of thermal print as "m" ("+Pam 1,00").
const DEPOSIT = /^\+?\s*pa(?:nt|m)(?:belopp)?\b/i;
// What may follow the line total: a VAT class letter, a star, a quantity marker.
const TRAILER = /^\s*(?:[A-Z0-9*#]{0,2}|[x*]\s?[A-Z0-9]?)\s*$/i;
/** The lines that end the purchased lines: the total, what to pay, a subtotal. */
export const STOP_CLASSES: ReadonlySet<string> = new Set(['payable', 'total', 'subtotal']);
const SKIP_CLASSES = new Set(['vat', 'card', 'cash', 'change', 'rounding', 'tip']);
const MAX_ITEMS = 100;

function cleanDescription(text: string): string {
  return text.replace(/[\s*:=|.-]+$/, '').trim();
}

// A price whose decimal comma OCR lost ("Kaffe 3200" for "Kaffe 32,00", a discount's "Rabatt 700-"): three to six
// digits ending in 0, last on a line that names something in a word of three letters or more.
const BARE_PRICE = /(?<=\p{L}{3,}.*\s)(\d{1,4})(\d0)(-?)\s*$/u;
// What stands before a bare price must not be a number itself: "Kaffe 2 3200" is a count and a price, or noise.
const NUMBER_BEFORE = /(?:^|\s)[\d.,:-]+\s+$/;

/** How an article line's amounts are read besides as printed. */
type Reading = {
  /** Also a price whose decimal comma was lost, as the line's last amount. */
  bare: boolean;
  /** A thousands-grouped last amount read as its last group only ("Spolarvätska 41 267,00" as 267,00). */
  ungrouped: boolean;
  /**
   * An article whose line total is unreadable priced by the count or weight times the price of one printed for it,
   * on its own line ("Baguette 3st*59,00 TR, OF") or on the line under it ("Bananer Tell" over "0,292 kg x 24,90").
   */
  priced: boolean;
  /**
   * An amount with a third decimal read without the decimal that leaves the roundest öre ("-11,060" as -11,00,
   * "198,900" as 198,00), else without the last ("119,968" as 119,96).
   */
  strayDigits: boolean;
};
const AS_PRINTED: Reading = { bare: false, ungrouped: false, priced: false, strayDigits: false };

// A digit OCR added among an amount's öre ("-11,060" for "-11,00", "8,808-"), never a weight's grams.
const STRAY_DIGIT = /(?<![\d.,])(\d{1,5}[.,])(\d{3})(-?)(?![\d.,]|\s*kg)/g;

/** The two decimals left of three when one is dropped: the roundest, the first two on a tie. */
function twoDecimals(three: string): string {
  const choices = [three.slice(0, 2), three[0] + three.slice(2), three.slice(1)];
  const zeros = (o: string) => (o.endsWith('00') ? 2 : o.endsWith('0') ? 1 : 0);
  return choices.reduce((best, o) => (zeros(o) > zeros(best) ? o : best));
}

/** The text with each stray third decimal taken out, in place, so positions in it are positions in the line. */
const withoutStrayDigits = (text: string) =>
  text.replace(
    STRAY_DIGIT,
    (_, whole: string, three: string, minus: string) => `${whole}${twoDecimals(three)}${minus} `,
  );

/** The amount from the last space of a space-grouped amount on: "41 267,00" → 267,00, a unit read as digits. */
function lastGroup(text: string, amount: AmountMatch): AmountMatch {
  const space = text.lastIndexOf(' ', amount.end - 1);
  if (space <= amount.start) return amount;
  const rest = findAmounts(text.slice(space + 1, amount.end))[0];
  return rest ? { ore: rest.ore, start: space + 1 + rest.start, end: space + 1 + rest.end } : amount;
}

/** Every amount of a line, read as `reading` says. */
function amountsOf(line: Line, { bare, ungrouped, strayDigits }: Reading): AmountMatch[] {
  const amounts = findAmounts(strayDigits ? withoutStrayDigits(line.text) : line.text);
  const last = amounts.at(-1);
  if (ungrouped && last) return [...amounts.slice(0, -1), lastGroup(line.text, last)];
  if (!bare || amounts.length > 0) return amounts;
  const m = BARE_PRICE.exec(line.text);
  if (!m || NUMBER_BEFORE.test(line.text.slice(0, m.index))) return amounts;
  const value = (Number(m[1]) * 100 + Number(m[2])) * (m[3] === '-' ? -1 : 1);
  return [{ ore: ore(value), start: m.index, end: m.index + m[0].length }];
}

/** The line total at the end of a line, or null when the line ends in something else. */
function lineTotal(line: Line, reading = AS_PRINTED): { last: AmountMatch; first: AmountMatch } | null {
  const amounts = amountsOf(line, reading);
  const last = amounts.at(-1);
  const first = amounts[0];
  if (!last || !first || !TRAILER.test(line.text.slice(last.end))) return null;
  return { last, first };
}

const newItem = (description: string, priceOre: number, quantity: string | null): ReceiptItem => ({
  description,
  amountOre: ore(priceOre),
  priceOre: ore(priceOre),
  quantity,
  discounts: [],
  depositOre: ore(0),
});

/** A new article from a line with a line total, or null when the line is a detail or names nothing. */
function articleFrom(line: Line, previous: Line | undefined, reading: Reading): ReceiptItem | null {
  const amounts = lineTotal(line, reading);
  if (!amounts) return null;
  let description = cleanDescription(line.text.slice(0, amounts.first.start));
  if (DETAIL.test(description)) return null;
  let quantity: string | null = null;
  const inline =
    amounts.first === amounts.last ? INLINE_QUANTITY.exec(description) : COUNT_BEFORE_PRICE.exec(description);
  if (inline) {
    quantity = line.text.slice(inline.index, amounts.last.start).trim();
    description = cleanDescription(description.slice(0, inline.index));
  } else if (amounts.first !== amounts.last) {
    quantity = line.text.slice(amounts.first.start, amounts.last.start).trim();
  }
  // A line of amounts alone takes its name from a plain line above it, never from a heading such as the VAT
  // table's "Moms% Moms Netto Brutto", whose rows are not purchases.
  const named = previous && findAmounts(previous.text).length === 0 && classifyLine(previous.key) === null;
  if (letterCount(description) < 2 && previous && named) {
    description = cleanDescription(previous.text);
  }
  if (letterCount(description) < 2 || DETAIL.test(description)) return null;
  return newItem(description, amounts.last.ore, quantity);
}

/**
 * A quantity or weight line: it belongs to the article above it, or, when it carries the line total itself and
 * the line above has no amount ("Kaffe" over "2 st x 59,90 119,80"), it completes that article. Read `priced`, a
 * quantity line without a line total completes a named line above it that has no amount, and one that follows an
 * article with a quantity already stands for an article whose own line was lost, named by its quantity.
 */
function detailLine(items: ReceiptItem[], line: Line, previous: Line | undefined, reading: Reading): void {
  const found = lineTotal(line);
  // A unit price alone is part of the detail; a second amount after it is the line total.
  const amounts = found && found.first !== found.last ? found : null;
  const text = amounts ? line.text.slice(0, amounts.last.start).trim() : line.text.trim();
  const above = previous && findAmounts(previous.text).length === 0 && classifyLine(previous.key) === null;
  const named = above && letterCount(previous.text) >= 2 && !DETAIL.test(previous.text.trim());
  const priceOre = reading.priced && !amounts ? (quantityIn(text)?.priceOre ?? null) : null;
  if (named && (amounts || priceOre)) {
    items.push(newItem(cleanDescription(previous.text), amounts?.last.ore ?? (priceOre as number), text));
    return;
  }
  const last = items.at(-1);
  if (last && last.quantity === null) last.quantity = text;
  else if (last && priceOre) items.push(newItem(text, priceOre, text));
}

// A price of one run into the line total after it, whose first digits OCR lost: "2st*54,9509,90" for
// "2st*54,95 109,90".
const RUN_TOGETHER = /(\d[.,]\d{2})(\d{1,4}[.,]\d{2})\s*$/;

/**
 * Read `priced`, an article whose line total is unreadable, priced by the count or weight and price of one on it;
 * digits run into the price of one must be the last digits of what they come to.
 */
function pricedByQuantity(line: Line): ReceiptItem | null {
  const run = RUN_TOGETHER.exec(line.text);
  const text = run ? line.text.slice(0, run.index + (run[1]?.length ?? 0)) : line.text;
  const found = quantityIn(text);
  if (!found || found.priceOre <= 0) return null;
  const printed = (found.priceOre / 100).toFixed(2);
  if (run && !printed.endsWith((run[2] ?? '').replace(',', '.'))) return null;
  const description = cleanDescription(text.slice(0, found.start));
  if (letterCount(description) < 2 || DETAIL.test(description)) return null;
  return newItem(description, found.priceOre, text.slice(found.start, found.end).trim());
}

/** Attaches a discount or deposit line to the article above it; false when the line is neither. */
function attach(item: ReceiptItem | undefined, line: Line, reading: Reading): boolean {
  const amounts = lineTotal(line, reading);
  if (!item || !amounts) return false;
  const text = line.text.trim();
  if (DEPOSIT.test(text)) {
    item.depositOre = ore(item.depositOre + Math.abs(amounts.last.ore));
    item.amountOre = ore(item.amountOre + Math.abs(amounts.last.ore));
    return true;
  }
  if (classifyLine(line.key) === 'discount' || amounts.last.ore < 0) {
    const off = -Math.abs(amounts.last.ore);
    const description = cleanDescription(text.slice(0, amounts.first.start)) || text;
    item.discounts.push({ description, amountOre: ore(off) });
    item.amountOre = ore(item.amountOre + off);
    return true;
  }
  return false;
}

/**
 * The purchased lines of a receipt, read from the lines before the first total line: each article with its line
 * total in öre, its quantity or weight line, and the discounts ("Rabatt", "Medlemspris") and deposit ("Pant")
 * printed under it. `amountOre` is what the line costs in the end, so the items of a clean receipt add up to its
 * total; a discount with no article above it stands alone, negative. With `barePrices`, a line after the first
 * article whose amount lost its decimal comma ("Kaffe 3200", "Rabatt 700-") is read as 32,00 (-7,00), with
 * `ungrouped` a grouped line total as its last group ("41 267,00" as 267,00), and with `priced` an article whose line
 * total is unreadable at its count or weight times the price of one, and with `strayDigits` an amount with a third
 * decimal as its first two: the caller keeps any such reading only when it makes the lines add up.
 */
export function findItems(
  lines: readonly Line[],
  { barePrices = false, ungrouped = false, priced = false, strayDigits = false } = {},
): ReceiptItem[] {
  const items: ReceiptItem[] = [];
  for (let i = 0; i < lines.length && items.length < MAX_ITEMS; i += 1) {
    const line = lines[i] as Line;
    const cls = classifyLine(line.key);
    if (cls !== null && STOP_CLASSES.has(cls)) {
      if (items.length > 0) break;
      continue;
    }
    if (cls !== null && SKIP_CLASSES.has(cls)) continue;
    const reading = { bare: barePrices && items.length > 0, ungrouped, priced, strayDigits };
    if (DETAIL.test(line.text.trim())) {
      detailLine(items, line, lines[i - 1], reading);
      continue;
    }
    if (attach(items.at(-1), line, reading)) continue;
    const item =
      articleFrom(line, lines[i - 1], reading) ?? (priced && lineTotal(line) === null ? pricedByQuantity(line) : null);
    if (item) {
      if (cls === 'discount') {
        item.priceOre = ore(-Math.abs(item.priceOre));
        item.amountOre = item.priceOre;
      }
      items.push(item);
    }
  }
  return items;
}
