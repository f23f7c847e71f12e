import type { ParsedReceipt } from './types.ts';

// A chain or a legal name is worth more than whatever header line reads like words.
const MERCHANT_STRENGTH: Record<NonNullable<ParsedReceipt['merchantSource']>, number> = {
  chain: 3,
  legal: 2,
  header: 1,
  'org-nr': 1,
};
// The largest amount is a guess when nothing names the total, not a witness.
const witnesses = (r: ParsedReceipt) => r.totalSources.filter((s) => s !== 'largest').length;
// Witnesses that name the amount paid, rather than adding up or guessing it.
const NAMING = new Set(['payable', 'total', 'card', 'cash-change', 'vat']);
const named = (r: ParsedReceipt) => r.totalSources.some((s) => NAMING.has(s));
const strength = (r: ParsedReceipt) => (r.merchantSource ? MERCHANT_STRENGTH[r.merchantSource] : 0);

/** The articles of the reading whose lines add up to the total, else of the one that found more. */
function itemsOf(first: ParsedReceipt, second: ParsedReceipt, totalOre: number | null) {
  const addsUp = (r: ParsedReceipt) => r.itemsSumToTotal && r.totalOre === totalOre;
  const pick = addsUp(first) || (!addsUp(second) && first.items.length >= second.items.length) ? first : second;
  return { items: pick.items, itemsSumToTotal: addsUp(pick) };
}

/** A total backed by fewer than two independent witnesses, or a missing date, is worth a second look. */
export function isUncertain(reading: ParsedReceipt): boolean {
  return reading.totalSources.length < 2 || reading.date === null;
}

/**
 * Two readings of the same receipt (say, tesseract with two page layouts) as one: the total of the reading with
 * more agreeing witnesses (the first on a tie; the largest amount, a mere guess, is no witness), the merchant found the stronger way (a chain over a header line),
 * and each other field from the first reading that has it.
 * Exists because OCR errors differ between readings while a receipt's facts do not.
 */
export function combineReadings(first: ParsedReceipt, second: ParsedReceipt): ParsedReceipt {
  const [w1, w2] = [witnesses(first), witnesses(second)];
  // On a tie a total a line names beats one that only the sum of the articles gives.
  const secondTotalWins =
    first.totalOre === null || (second.totalOre !== null && (w2 > w1 || (w2 === w1 && named(second) && !named(first))));
  const total = secondTotalWins ? second : first;
  const byName = strength(second) > strength(first) ? second : first;
  return {
    ...first,
    totalOre: total.totalOre,
    totalSources: total.totalSources,
    date: first.date ?? second.date,
    merchant: byName.merchant,
    merchantSource: byName.merchantSource,
    category: byName === second ? (second.category ?? first.category) : (first.category ?? second.category),
    currency: first.currency ?? second.currency,
    ...itemsOf(first, second, total.totalOre),
    orgNumber: first.orgNumber ?? second.orgNumber,
    language: first.language ?? second.language,
  };
}
