// Scoring of the receipt-reading evaluation: how a reading is compared with a label, and how results add up.

/** One entry of labels.json (the fields the evaluation uses). */
export type ReceiptLabel = {
  file: string;
  total: number;
  currency: string;
  date: string;
  merchant: string;
  language: string;
  /**
   * The shortest reading that still names the store, in Kvitt's generated set: "ICA Supermarket" for
   * "ICA Supermarket Lindhagen", so that "ICA" alone is a miss.
   */
  merchantShort?: string;
  /** How the receipt was photographed, in the generated set: flat, photo or hard. */
  condition?: string;
  /** What the purchased lines add up to (the total before öresavrundning), in öre, in the generated set. */
  itemsTotalOre?: number;
  /** The purchased lines as printed, in the generated set. */
  items?: readonly { text: string; amountOre: number }[];
};

export type Reading = {
  totalOre: number | null;
  date: string | null;
  merchant: string | null;
  items?: readonly { amountOre: number }[];
};

export type FieldHits = {
  total: boolean;
  date: boolean;
  merchant: boolean;
  merchantStrict: boolean;
  /** The read lines add up to the label's sum of lines; null when the label has none to compare. */
  items: boolean | null;
};

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

/** A brand match that also holds at least the label's shortest form, when the label gives one. */
function merchantHit(reading: string | null, label: ReceiptLabel): boolean {
  if (!merchantMatches(reading, label.merchant)) return false;
  if (!label.merchantShort || !reading) return true;
  const short = words(label.merchantShort);
  const read = words(reading);
  return read === short || read.startsWith(`${short} `);
}

function itemsHit(reading: Reading | null, label: ReceiptLabel): boolean | null {
  if (label.itemsTotalOre === undefined) return null;
  const items = reading?.items ?? [];
  return items.length > 0 && items.reduce((sum, item) => sum + item.amountOre, 0) === label.itemsTotalOre;
}

export function score(reading: Reading | null, label: ReceiptLabel): FieldHits {
  return {
    total: reading?.totalOre === labelTotalOre(label),
    date: reading?.date === label.date,
    merchant: merchantHit(reading?.merchant ?? null, label),
    merchantStrict: merchantMatchesStrictly(reading?.merchant ?? null, label.merchant),
    items: itemsHit(reading, label),
  };
}

export type Accuracy = {
  n: number;
  total: number;
  date: number;
  merchant: number;
  merchantStrict: number;
  /** Share of receipts whose read lines add up to their total, among those whose label says; null when none does. */
  itemsSumToTotal: number | null;
};

const fraction = (hits: number, n: number) => (n === 0 ? 0 : Math.round((hits / n) * 1000) / 1000);

/** Share of hits per field, as fractions rounded to three decimals. */
export function accuracy(hits: readonly FieldHits[]): Accuracy {
  const count = (key: keyof FieldHits) => hits.filter((h) => h[key]).length;
  const withItems = hits.filter((h) => h.items !== null);
  return {
    n: hits.length,
    total: fraction(count('total'), hits.length),
    date: fraction(count('date'), hits.length),
    merchant: fraction(count('merchant'), hits.length),
    merchantStrict: fraction(count('merchantStrict'), hits.length),
    itemsSumToTotal: withItems.length === 0 ? null : fraction(count('items'), withItems.length),
  };
}

/** The value below which `p` of the sorted values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? 0;
}
