import { ore } from '../money.ts';
import { toleratedEdits, withinEdits } from './fuzzy.ts';
import type { ReceiptItem, TotalSource } from './types.ts';
import { ZERO_MISREADS } from './zero-misreads.ts';

// Digits thermal print and OCR take for one another: the closed and open loops of 0, 3, 5, 6, 8 and 9, and 1/4/7.
const LOOKALIKES: Record<string, string> = {
  '0': '689',
  '1': '47',
  '3': '89',
  '4': '1',
  '5': '68',
  '6': '058',
  '7': '1',
  '8': '0369',
  '9': '038',
};
// Sources that read the total from the paper rather than from the lines themselves.
const READ_FROM_PAPER = new Set<TotalSource>(['payable', 'total', 'card', 'cash-change', 'vat', 'rounded']);

const zerosAtEnd = (value: number) => /0*$/.exec(String(Math.abs(value)))?.[0].length ?? 0;

/** Whether the total was read at least twice from the paper itself (total line, card, VAT, cash, rounding). */
const readTwice = (sources: readonly TotalSource[]) => sources.filter((s) => READ_FROM_PAPER.has(s)).length >= 2;

/** What the lines miss of a total read twice on the paper, or null when there is nothing the repairs may act on. */
function missingOre(items: readonly ReceiptItem[], totalOre: number | null, sources: readonly TotalSource[]) {
  if (totalOre === null || items.length < 2 || !readTwice(sources)) return null;
  const missing = totalOre - items.reduce((sum, item) => sum + item.amountOre, 0);
  return missing === 0 ? null : missing;
}

/** One amount printed for a line: its price (`discount` null) or the discount at that index under it. */
type Printed = { discount: number | null; value: number };

const printedAmounts = (item: ReceiptItem): Printed[] => [
  { discount: null, value: item.priceOre },
  ...item.discounts.map((d, i) => ({ discount: i, value: d.amountOre })),
];

/** The line with one printed amount read as `value`, its amount moved by as much. */
function withPrinted(item: ReceiptItem, discount: number | null, value: number): ReceiptItem {
  const delta = value - (discount === null ? item.priceOre : (item.discounts[discount]?.amountOre ?? value));
  const amountOre = ore(item.amountOre + delta);
  if (discount === null) return { ...item, priceOre: ore(value), amountOre };
  const discounts = item.discounts.map((d, k) => (k === discount ? { ...d, amountOre: ore(value) } : d));
  return { ...item, discounts, amountOre };
}

/**
 * Lines that miss a total read twice on the paper by less than a krona, set right when exactly one printed amount
 * (a line's price or a discount under it) has öre that are not round and becomes round, its kronor unchanged, by
 * exactly what is missing: OCR misreads the small öre digits of thermal print ("14,68-" for "14,00-", "52,16" for
 * "52,00") far more often than the kronor, and Swedish prices end in whole kronor (decision 055).
 */
export function repairOre(
  items: readonly ReceiptItem[],
  totalOre: number | null,
  sources: readonly TotalSource[],
): ReceiptItem[] | null {
  const missing = missingOre(items, totalOre, sources);
  if (missing === null || Math.abs(missing) >= 100) return null;
  const rounded = (value: number) => Math.sign(value) * Math.floor(Math.abs(value) / 100) * 100;
  const fixes: Array<Printed & { index: number }> = [];
  for (const [index, item] of items.entries()) {
    for (const { discount, value } of printedAmounts(item)) {
      if (value % 100 !== 0 && rounded(value) - value === missing)
        fixes.push({ index, discount, value: rounded(value) });
    }
  }
  const fix = fixes.length === 1 ? fixes[0] : undefined;
  if (fix === undefined) return null;
  return items.map((item, i) => (i === fix.index ? withPrinted(item, fix.discount, fix.value) : item));
}

/** The letters of an article's name, lower case: "Ramlösa 56cl" and "Ramlösa 50cl" are one article misread. */
const nameLetters = (description: string) => description.toLowerCase().replace(/[^\p{L}]/gu, '');

/** Whether two lines name the same article, allowing OCR's misread letters as a keyword match does. */
function sameArticle(a: string, b: string): boolean {
  const [x, y] = [nameLetters(a), nameLetters(b)];
  return x.length >= 3 && withinEdits(x, y, toleratedEdits(x));
}

/**
 * Lines that miss a total read twice on the paper by one misread digit of one line's printed price or deposit, set
 * right when exactly one lookalike digit in exactly one line makes them add up, or exactly one such fix makes a price
 * rounder (decision 043), or exactly one gives a line the price or deposit of another line of the same article. A
 * total read once, or several equal ways to make the lines add up, leaves the lines as read; the caller says they do
 * not add up then.
 */
export function repairOneDigit(
  items: readonly ReceiptItem[],
  totalOre: number | null,
  sources: readonly TotalSource[],
): ReceiptItem[] | null {
  const missing = missingOre(items, totalOre, sources);
  if (missing === null) return null;
  const fixes: Array<{ index: number; field: 'priceOre' | 'depositOre'; value: number; rounder: boolean }> = [];
  for (const [index, item] of items.entries()) {
    for (const field of ['priceOre', 'depositOre'] as const) {
      const printed = item[field];
      if (printed === 0) continue;
      const digits = String(Math.abs(printed));
      for (let at = 0; at < digits.length; at += 1) {
        for (const other of LOOKALIKES[digits[at] ?? ''] ?? '') {
          if (at === 0 && other === '0' && digits.length > 1) continue;
          const value = Math.sign(printed) * Number(digits.slice(0, at) + other + digits.slice(at + 1));
          if (value - printed !== missing) continue;
          fixes.push({ index, field, value, rounder: zerosAtEnd(value) > zerosAtEnd(printed) });
        }
      }
    }
  }
  // Prices end in round öre ("69,00", "119,90"): of several fixes, the only one that makes a price rounder wins.
  const rounder = fixes.filter((f) => f.rounder);
  // A till charges the same article the same, deposit included: "Ramlösa 25,00" under two lines of "Ramlösa 26,00"
  // was misread, and so was "+ Pant 7,00" under a Ramlösa whose other lines carry "+ Pant 1,00".
  const sibling = fixes.filter((f) => {
    const name = items[f.index]?.description ?? '';
    return items.some(
      (other, j) => j !== f.index && other[f.field] === f.value && sameArticle(name, other.description),
    );
  });
  const fix =
    fixes.length === 1 ? fixes[0] : rounder.length === 1 ? rounder[0] : sibling.length === 1 ? sibling[0] : undefined;
  if (fix === undefined) return null;
  return items.map((item, i) => {
    if (i !== fix.index) return item;
    if (fix.field === 'priceOre') return withPrinted(item, null, fix.value);
    return { ...item, depositOre: ore(fix.value), amountOre: ore(item.amountOre + fix.value - item.depositOre) };
  });
}

// More corrections than this on one receipt are guesses, however well they add up.
const MAX_ZERO_FIXES = 3;

type ZeroFix = Printed & { index: number; delta: number };

/** Every amount `value` becomes when some of its 6s, 8s and 9s (never its first digit) are read as the 0 they were. */
function asZeros(value: number): number[] {
  const digits = String(Math.abs(value));
  const at = [...digits].flatMap((d, i) => (i > 0 && ZERO_MISREADS.includes(d) ? [i] : []));
  const out: number[] = [];
  for (let mask = 1; mask < 1 << at.length; mask += 1) {
    const chars = [...digits];
    at.forEach((i, bit) => {
      if (mask & (1 << bit)) chars[i] = '0';
    });
    out.push(Math.sign(value) * Number(chars.join('')));
  }
  return out;
}

/**
 * Lines that miss a total read twice on the paper, set right when reading some of their printed amounts' 6s, 8s
 * and 9s as zeros makes them add up in exactly one way with the fewest amounts changed (at most three): a
 * printer's dotted or slashed zero is read as 8 or 6 on every line it appears ("59,08", "1 $8,30"), so a receipt can
 * carry several such amounts where `repairOneDigit` may change only one.
 */
export function repairZeros(
  items: readonly ReceiptItem[],
  totalOre: number | null,
  sources: readonly TotalSource[],
): ReceiptItem[] | null {
  const missing = missingOre(items, totalOre, sources);
  if (missing === null) return null;
  const fixes: ZeroFix[] = [];
  for (const [index, item] of items.entries()) {
    for (const { discount, value } of printedAmounts(item)) {
      for (const fixed of asZeros(value)) fixes.push({ index, discount, value: fixed, delta: fixed - value });
    }
  }
  const same = (a: ZeroFix, b: ZeroFix) => a.index === b.index && a.discount === b.discount;
  const found: ZeroFix[][] = [];
  const search = (from: number, chosen: ZeroFix[], rest: number, size: number) => {
    if (chosen.length === size) {
      if (rest === 0) found.push(chosen);
      return;
    }
    for (let i = from; i < fixes.length && found.length < 2; i += 1) {
      const fix = fixes[i] as ZeroFix;
      if (chosen.some((c) => same(c, fix))) continue;
      search(i + 1, [...chosen, fix], rest - fix.delta, size);
    }
  };
  for (let size = 1; size <= MAX_ZERO_FIXES && found.length === 0; size += 1) search(0, [], missing, size);
  const chosen = found.length === 1 ? found[0] : undefined;
  if (chosen === undefined) return null;
  return items.map((item, i) =>
    chosen.filter((f) => f.index === i).reduce((line, fix) => withPrinted(line, fix.discount, fix.value), item),
  );
}

// "3st*35,00", "2 st x 29,00" as printed or as OCR garbles them ("35t*94,90", "3st\"35,00"), and weighed goods,
// "0,764 kg x 49,90 kr/kg": a count or weight and the price of one.
const COUNT_TIMES_PRICE = /(?<![\d,.])(\d{1,2}?)\s*[s5$]?\s*[tf]\s*[x×*'"°+]\s*(\d{1,5}[.,]\d{2})(?![\d])/i;
const WEIGHT_TIMES_PRICE = /(\d+[.,]\d{3})\s*kg\s*[x×*]\s*(\d{1,5}[.,]\d{2})/i;
const MAX_QUANTITY_FIXES = 6;

const decimal = (text: string) => Number(text.replace(',', '.'));

/** A count or weight times the price of one in `text`, what it comes to in öre, and where it stands; or null. */
export function quantityIn(text: string): { priceOre: number; start: number; end: number } | null {
  const weight = WEIGHT_TIMES_PRICE.exec(text);
  if (weight) {
    const priceOre = Math.round(decimal(weight[1] ?? '') * decimal(weight[2] ?? '') * 100);
    return { priceOre, start: weight.index, end: weight.index + weight[0].length };
  }
  const count = COUNT_TIMES_PRICE.exec(text);
  const n = Number(count?.[1] ?? 0);
  if (!count || n < 1) return null;
  return {
    priceOre: Math.round(n * decimal(count[2] ?? '') * 100),
    start: count.index,
    end: count.index + count[0].length,
  };
}

/** What a line's quantity says it costs (count or weight times the price of one), in öre, or null. */
export function quantityPrice(quantity: string | null): number | null {
  return quantity === null ? null : (quantityIn(quantity)?.priceOre ?? null);
}

/**
 * Lines whose printed price disagrees with their own quantity line ("Kaffe stor 3st*35,00 165,00"), set right by
 * the quantity (the price of one times the count or weight), together with at most one more of the repairs above,
 * when exactly one way of doing so adds up to a total read twice on the paper: either the price or the quantity
 * line was misread, and the total tells which.
 */
export function repairByQuantity(
  items: readonly ReceiptItem[],
  totalOre: number | null,
  sources: readonly TotalSource[],
  rest: (items: readonly ReceiptItem[]) => ReceiptItem[] | null,
): ReceiptItem[] | null {
  if (missingOre(items, totalOre, sources) === null) return null;
  const open = items.flatMap((item, index) => {
    const price = quantityPrice(item.quantity);
    return price !== null && price > 0 && price !== item.priceOre ? [{ index, price }] : [];
  });
  if (open.length === 0 || open.length > MAX_QUANTITY_FIXES) return null;
  // Distinct outcomes by their amounts: fixing a line by its quantity or by a lookalike digit may end the same.
  const found = new Map<string, ReceiptItem[]>();
  for (let mask = 1; mask < 1 << open.length && found.size < 2; mask += 1) {
    const fixed = items.map((item, i) => {
      const fix = open.find((o, k) => o.index === i && mask & (1 << k));
      return fix ? withPrinted(item, null, fix.price) : item;
    });
    const missing = missingOre(fixed, totalOre, sources);
    const done = missing === null ? fixed : rest(fixed);
    if (done !== null) found.set(done.map((item) => item.amountOre).join(' '), done);
  }
  return found.size === 1 ? ([...found.values()][0] ?? null) : null;
}
