import { findCategory } from './category.ts';
import { ALL_CHAINS } from './chains.ts';
import type { Chain } from './chains.ts';
import { findCurrency } from './currency.ts';
import { findDate } from './dates.ts';
import { repairByQuantity, repairOneDigit, repairOre, repairZeros } from './item-repair.ts';
import { findItems } from './items.ts';
import { detectLanguage } from './language.ts';
import { toLines } from './lines.ts';
import type { Line } from './lines.ts';
import { findMerchant, findOrgNumber } from './merchant.ts';
import { classifyLine } from './keywords.ts';
import { findTotal } from './total.ts';
import type { ParsedReceipt, ParseOptions, ReceiptItem } from './types.ts';

export type {
  ParsedReceipt,
  ParseOptions,
  ReceiptCategory,
  ItemDiscount,
  ReceiptItem,
  ReceiptLanguage,
  TotalSource,
} from './types.ts';
export { RECEIPT_CATEGORIES } from './types.ts';
export { ALL_CHAINS, SWEDISH_CHAINS, TRAVEL_CHAINS } from './chains.ts';
export type { Chain } from './chains.ts';
export { combineReadings, isUncertain, withChainReadAgain, withLinesReadAgain } from './combine.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads OCR text of a receipt into total (öre), date, merchant, category, items and currency. Pure and total:
 * any text gives a result, with null for what could not be trusted, and never a date after `options.today`.
 * `chains` narrows the chain list (the evaluation measures the parser with Swedish chains only).
 */
export function parseReceipt(text: string, options: ParseOptions & { chains?: readonly Chain[] }): ParsedReceipt {
  if (!ISO_DAY.test(options.today)) throw new RangeError(`today must be YYYY-MM-DD, got ${options.today}`);
  const parsed = parseLines(toLines(text), options);
  const zeros = parsed.language === 'sv' ? eightsAsZeros(text) : null;
  if (zeros === null) return parsed;
  const other = parseLines(toLines(zeros), options);
  const witnessed = (p: ParsedReceipt) => p.totalSources.filter((s) => s !== 'largest').length;
  // The share of eights is itself the evidence; the reading as printed stays only when its witnesses say more, and
  // not when both readings' lines add up to the same total (the eights' witnesses read the same misread zeros).
  if (other.itemsSumToTotal && parsed.itemsSumToTotal && other.totalOre === parsed.totalOre) return other;
  const worse =
    (parsed.itemsSumToTotal && !other.itemsSumToTotal) ||
    (other.itemsSumToTotal === parsed.itemsSumToTotal && witnessed(other) < witnessed(parsed));
  return worse ? parsed : other;
}

// An amount's öre: two digits after a decimal separator, at the end of a number.
const ORE_DIGITS = /(?<=\d[.,])(\d{2})(?![\d.,])/g;
const MIN_AMOUNTS = 8;
const EIGHT_SHARE = 1 / 3;

/**
 * The text with every 8 in the amounts' öre read as 0, when a Swedish receipt has so many amounts with an 8 in
 * their öre that its printer must print a dotted or slashed zero, which OCR reads as 8 ("59,08" for 59,00):
 * Swedish prices end in 0, 5 or 9 öre, and by chance about a fifth of the amounts would hold an 8. Else null.
 */
function eightsAsZeros(text: string): string | null {
  const ore = [...text.matchAll(ORE_DIGITS)].map((m) => m[1] ?? '');
  if (ore.length < MIN_AMOUNTS || ore.filter((o) => o.includes('8')).length < EIGHT_SHARE * ore.length) return null;
  return text.replace(ORE_DIGITS, (o) => o.replaceAll('8', '0'));
}

/**
 * Readings of the purchased lines besides as printed, tried in this order while the lines do not add up, each kept
 * only when it makes them add up: a price whose decimal comma OCR lost (decision 055); a unit read as digits before
 * a price ("Spolarvätska 4l 267,00" as "41 267,00") as the grouped amount's last group; an article whose line total
 * OCR garbled or lost ("Baguette 3st*59,00 TR, OF") at its count or weight times the price of one; an amount with a
 * digit OCR added among its öre ("Rabatt -11,060") without it, its öre then set right by the repairs if need be.
 */
const OTHER_READINGS = [{ barePrices: true }, { ungrouped: true }, { priced: true }, { strayDigits: true }];

function parseLines(lines: Line[], options: ParseOptions & { chains?: readonly Chain[] }): ParsedReceipt {
  const language = detectLanguage(lines);
  const read = findItems(lines);
  const { totalOre, sources, beforeRoundingOre, roundedFromOre } = findTotal(lines, read);
  const rounds = lines.some((l) => classifyLine(l.key) === 'rounding');
  // Cash is rounded to whole kronor (öresavrundning): the lines add up to the amount printed before the rounding
  // when it was read, else to the total within the rounding.
  const target = beforeRoundingOre ?? totalOre;
  const addsUp = (items: readonly ReceiptItem[]) => {
    const sum = items.reduce((s, item) => s + item.amountOre, 0);
    return (
      items.length > 0 &&
      target !== null &&
      (sum === target || (rounds && beforeRoundingOre === null && Math.round(sum / 100) * 100 === target))
    );
  };
  const repairedTo = (found: readonly ReceiptItem[], to: number | null) => {
    const oneRepair = (some: readonly ReceiptItem[]) =>
      repairOneDigit(some, to, sources) ?? repairOre(some, to, sources) ?? repairZeros(some, to, sources);
    return oneRepair(found) ?? repairByQuantity(found, to, sources, oneRepair);
  };
  const repaired = (found: ReceiptItem[]) => {
    const own = repairedTo(found, target);
    if (own) return own;
    if (addsUp(found)) return found;
    // Where the öresavrundning was misread, the lines may be set right to an amount printed before it that rounds
    // to the total ("Att betala 689,89", "Öresavrundning 9,11", "Att betala 690,00"), when exactly one such does it.
    const toPrinted = roundedFromOre.map((to) => repairedTo(found, to)).filter((some) => some !== null);
    return toPrinted.length === 1 ? (toPrinted[0] as ReceiptItem[]) : found;
  };
  let items = repaired(read);
  for (const reading of OTHER_READINGS) {
    if (addsUp(items)) break;
    const other = repaired(findItems(lines, reading));
    if (addsUp(other)) items = other;
  }
  const itemsSumToTotal = addsUp(items);
  const { merchant, chain, source } = findMerchant(lines, options.chains ?? ALL_CHAINS);
  return {
    totalOre,
    date: findDate(lines, language, options.today, { dottedYearFirst: chain?.dottedYearFirst === true }),
    merchant,
    merchantSource: source,
    category: findCategory(lines, chain),
    items,
    currency: findCurrency(lines, language),
    language,
    orgNumber: findOrgNumber(lines),
    totalSources: sources,
    itemsSumToTotal,
  };
}
