import { findCategory } from './category.ts';
import { ALL_CHAINS } from './chains.ts';
import type { Chain } from './chains.ts';
import { findCurrency } from './currency.ts';
import { findDate } from './dates.ts';
import { repairOneDigit } from './item-repair.ts';
import { findItems } from './items.ts';
import { detectLanguage } from './language.ts';
import { toLines } from './lines.ts';
import { findMerchant, findOrgNumber } from './merchant.ts';
import { classifyLine } from './keywords.ts';
import { findTotal } from './total.ts';
import type { ParsedReceipt, ParseOptions } from './types.ts';

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
export { combineReadings, isUncertain } from './combine.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads OCR text of a receipt into total (öre), date, merchant, category, items and currency. Pure and total:
 * any text gives a result, with null for what could not be trusted, and never a date after `options.today`.
 * `chains` narrows the chain list (the evaluation measures the parser with Swedish chains only).
 */
export function parseReceipt(text: string, options: ParseOptions & { chains?: readonly Chain[] }): ParsedReceipt {
  if (!ISO_DAY.test(options.today)) throw new RangeError(`today must be YYYY-MM-DD, got ${options.today}`);
  const lines = toLines(text);
  const language = detectLanguage(lines);
  const read = findItems(lines);
  const { totalOre, sources } = findTotal(lines, read);
  const items = repairOneDigit(read, totalOre, sources) ?? read;
  const itemsSum = items.reduce((sum, item) => sum + item.amountOre, 0);
  // Cash is rounded to whole kronor (öresavrundning), so the lines of a cash receipt add up to the total unrounded.
  const itemsSumToTotal =
    items.length > 0 &&
    totalOre !== null &&
    (itemsSum === totalOre ||
      (lines.some((l) => classifyLine(l.key) === 'rounding') && Math.round(itemsSum / 100) * 100 === totalOre));
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
