// Scoring of the receipt-reading evaluation: how a reading is compared with a label, and how results add up.

/** One entry of labels.json (the fields the evaluation uses). */
export type ReceiptLabel = {
  file: string;
  total: number;
  currency: string;
  date: string;
  merchant: string;
  language: string;
};

export type Reading = { totalOre: number | null; date: string | null; merchant: string | null };

export type FieldHits = { total: boolean; date: boolean; merchant: boolean; merchantStrict: boolean };

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}&-]+/gu, ' ')
    .trim();

/**
 * Brand match, case-insensitive: equal after dropping the label's parenthesised note and punctuation, or one is the
 * other followed by more words ("real GmbH" for "real", "Prisma" for "Prisma Lielahti Tampere"). A shorter
 * fragment of the first word ("K" for "K-Market") does not count.
 */
export function merchantMatches(reading: string | null, label: string): boolean {
  if (!reading) return false;
  const a = words(label);
  const b = words(reading);
  if (!a || !b) return false;
  return a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);
}

/** The literal reading of "matched case-insensitively": the whole label, note included, equals the reading. */
export function merchantMatchesStrictly(reading: string | null, label: string): boolean {
  return reading !== null && reading.trim().toLowerCase() === label.trim().toLowerCase();
}

/** Labels store the total in units with up to two decimals; compared in öre, exactly. */
export function labelTotalOre(label: ReceiptLabel): number {
  const [whole = '0', fraction = ''] = label.total.toFixed(2).split('.');
  return Number(whole) * 100 + Number(fraction);
}

export function score(reading: Reading | null, label: ReceiptLabel): FieldHits {
  return {
    total: reading?.totalOre === labelTotalOre(label),
    date: reading?.date === label.date,
    merchant: merchantMatches(reading?.merchant ?? null, label.merchant),
    merchantStrict: merchantMatchesStrictly(reading?.merchant ?? null, label.merchant),
  };
}

export type Accuracy = { n: number; total: number; date: number; merchant: number; merchantStrict: number };

const fraction = (hits: number, n: number) => (n === 0 ? 0 : Math.round((hits / n) * 1000) / 1000);

/** Share of hits per field, as fractions rounded to three decimals. */
export function accuracy(hits: readonly FieldHits[]): Accuracy {
  const count = (key: keyof FieldHits) => hits.filter((h) => h[key]).length;
  return {
    n: hits.length,
    total: fraction(count('total'), hits.length),
    date: fraction(count('date'), hits.length),
    merchant: fraction(count('merchant'), hits.length),
    merchantStrict: fraction(count('merchantStrict'), hits.length),
  };
}

/** The value below which `p` of the sorted values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? 0;
}
