import { withinEdits } from './fuzzy.ts';
import type { ParsedReceipt, ReceiptItem } from './types.ts';

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

const itemKey = (item: ReceiptItem) => item.description.toLowerCase().replace(/[^\p{L}\d]+/gu, '');

/** Two names of one printed line as two readings garble them: one a start of the other, or a few letters apart. */
function sameName(a: ReceiptItem, b: ReceiptItem): boolean {
  const [x, y] = [itemKey(a), itemKey(b)];
  if (x.length === 0 || y.length === 0) return false;
  return (
    x.startsWith(y) || y.startsWith(x) || withinEdits(x, y, Math.max(1, Math.floor(Math.min(x.length, y.length) / 3)))
  );
}

/** The same printed line in two readings: the same name (its amount may be read differently), or the same amount. */
const sameLine = (a: ReceiptItem, b: ReceiptItem) => a.amountOre === b.amountOre || sameName(a, b);

/** One printed line as two readings read it: once in both (`other` set when its amount differs), or in one only. */
type United = { item: ReceiptItem; other: ReceiptItem | null };

/**
 * The lines of two readings of one receipt as one list in print order: each line both read once (as the first read
 * it, with the second's amount beside it when that differs), and the lines only one of them read between them. The
 * automatic layouts drop different lines of a phone photo, and misread different digits, in different readings.
 */
export function unitedItems(first: readonly ReceiptItem[], second: readonly ReceiptItem[]): United[] {
  // Longest common subsequence of the lines, by `sameLine`.
  const [n, m] = [first.length, second.length];
  const longest = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      const row = longest[i] as number[];
      const below = longest[i + 1] as number[];
      row[j] = sameLine(first[i] as ReceiptItem, second[j] as ReceiptItem)
        ? (below[j + 1] ?? 0) + 1
        : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const united: United[] = [];
  let [i, j] = [0, 0];
  while (i < n || j < m) {
    const a = first[i];
    const b = second[j];
    if (a && b && sameLine(a, b) && longest[i]?.[j] === (longest[i + 1]?.[j + 1] ?? 0) + 1) {
      united.push({ item: a, other: a.amountOre === b.amountOre ? null : b });
      [i, j] = [i + 1, j + 1];
    } else if (a && (!b || (longest[i + 1]?.[j] ?? 0) >= (longest[i]?.[j + 1] ?? 0))) {
      united.push({ item: a, other: null });
      i += 1;
    } else if (b) {
      united.push({ item: b, other: null });
      j += 1;
    }
  }
  return united;
}

// Lines the two readings read with different amounts; more choices than this could add up by chance.
const MAX_CHOICES = 8;

/**
 * The lines of two readings united (`unitedItems`), each line read differently taking the amount of one reading or
 * the other, when exactly one such choice adds up to `totalOre`; else null.
 */
export function votedItems(
  first: readonly ReceiptItem[],
  second: readonly ReceiptItem[],
  totalOre: number,
): ReceiptItem[] | null {
  const united = unitedItems(first, second);
  const open = united.filter((u) => u.other !== null);
  if (open.length > MAX_CHOICES) return null;
  const fixed = united.reduce((sum, u) => sum + u.item.amountOre, 0);
  const answers: number[] = [];
  for (let mask = 0; mask < 1 << open.length && answers.length < 2; mask += 1) {
    const sum = open.reduce(
      (s, u, k) => s + (mask & (1 << k) ? (u.other as ReceiptItem).amountOre - u.item.amountOre : 0),
      fixed,
    );
    if (sum === totalOre) answers.push(mask);
  }
  const [mask] = answers;
  if (answers.length !== 1 || mask === undefined) return null;
  return united.map((u) => (u.other !== null && mask & (1 << open.indexOf(u)) ? u.other : u.item));
}

/**
 * The articles of the reading whose lines add up to the total; else both readings' lines voted line by line
 * (`votedItems`) when exactly one way adds up to it; else those of the reading that found more.
 */
function itemsOf(first: ParsedReceipt, second: ParsedReceipt, totalOre: number | null) {
  const addsUp = (r: ParsedReceipt) => r.itemsSumToTotal && r.totalOre === totalOre;
  if (!addsUp(first) && !addsUp(second) && totalOre !== null && first.items.length > 0 && second.items.length > 0) {
    const voted = votedItems(first.items, second.items, totalOre);
    if (voted) return { items: voted, itemsSumToTotal: true };
  }
  const pick = addsUp(first) || (!addsUp(second) && first.items.length >= second.items.length) ? first : second;
  return { items: pick.items, itemsSumToTotal: addsUp(pick) };
}

/**
 * A reading whose lines do not add up to its total, with the lines of a reading of the same page whose price words
 * were read again: those lines when they add up to the same total, else the two voted line by line (`votedItems`)
 * when exactly one way adds up. Nothing else is taken from the re-read, and lines that already add up stay.
 */
export function withLinesReadAgain(reading: ParsedReceipt, again: ParsedReceipt): ParsedReceipt {
  const total = reading.totalOre;
  if (reading.itemsSumToTotal || total === null || again.items.length === 0) return reading;
  if (again.itemsSumToTotal && again.totalOre === total)
    return { ...reading, items: again.items, itemsSumToTotal: true };
  const voted = reading.items.length > 0 ? votedItems(reading.items, again.items, total) : null;
  return voted ? { ...reading, items: voted, itemsSumToTotal: true } : reading;
}

/**
 * A reading without a known chain, with the merchant of a reading of the same page whose top was read again: taken
 * only when that one found a chain (its store format and category with it); nothing else is taken from it.
 */
export function withChainReadAgain(reading: ParsedReceipt, again: ParsedReceipt): ParsedReceipt {
  if (reading.merchantSource === 'chain' || again.merchantSource !== 'chain') return reading;
  return {
    ...reading,
    merchant: again.merchant,
    merchantSource: again.merchantSource,
    category: again.category ?? reading.category,
  };
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
