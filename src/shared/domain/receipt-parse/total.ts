import { ore } from '../money.ts';
import type { Ore } from '../money.ts';
import { findAmounts, lastAmount } from './amounts.ts';
import { classifyLine, isCountLine } from './keywords.ts';
import type { LineClass } from './keywords.ts';
import { letterCount } from './lines.ts';
import type { Line } from './lines.ts';
import type { ReceiptItem, TotalSource } from './types.ts';
import { vatTableGross } from './vat.ts';
import { zeroReading } from './zero-misreads.ts';

/**
 * A witness for an amount; `from` is the amount a derived witness was computed from (öresavrundning, tip), `unsure`
 * that this amount is not to be relied on exactly.
 */
type Evidence = { amount: number; source: TotalSource; line: number; from?: number; unsure?: boolean };

// How much each kind of evidence is trusted; independent kinds that agree add up.
const WEIGHT: Record<TotalSource, number> = {
  payable: 10,
  total: 8,
  vat: 6,
  card: 6,
  'cash-change': 6,
  rounded: 5,
  tip: 5,
  items: 4,
  cash: 2,
  subtotal: 2,
  largest: 1,
};
const PRIORITY: readonly TotalSource[] = Object.keys(WEIGHT) as TotalSource[];
const LINE_SOURCE: Partial<Record<LineClass, TotalSource>> = {
  payable: 'payable',
  total: 'total',
  subtotal: 'subtotal',
  card: 'card',
  cash: 'cash',
};

// "SUMME EUR 31 98": the decimal comma lost, on a line that can only end in an amount.
const SPACED_AMOUNT = /(?<![\d.,])(\d{1,4}) (\d{2})\s*[*A-Z]?$/;

/**
 * The amount a keyword line refers to: its rightmost amount, one whose decimal comma OCR lost, or a lone amount on
 * the next line.
 */
function amountFor(lines: readonly Line[], i: number): number | null {
  const line = lines[i] as Line;
  const own = lastAmount(line.text);
  if (own) return own.ore;
  const spaced = SPACED_AMOUNT.exec(line.text);
  if (spaced) return Number(spaced[1]) * 100 + Number(spaced[2]);
  const next = lines[i + 1];
  if (!next || classifyLine(next.key) !== null) return null;
  const amounts = findAmounts(next.text);
  // Only a lone amount ("EUR 34,00"): an article below a payment header ("Kartenzahlung") is no total.
  const rest = next.text.replace(/\b(?:eur|sek|kr|nok|dkk|rm|usd)\b/gi, '');
  if (letterCount(rest) > 2) return null;
  return amounts.length === 1 && amounts[0] ? amounts[0].ore : null;
}

type Collected = {
  evidence: Evidence[];
  cash: number[];
  change: number[];
  rounding: number[];
  tips: number[];
  /** A Swedish öresavrundning line was printed, whether or not its amount could be read. */
  swedishRounding: boolean;
};
const SWEDISH_ROUNDING = /avrundning|utjämning/;
// Öresavrundning rounds to the nearest krona: at most 50 öre either way.
const MAX_SWEDISH_ROUNDING = 50;

function collect(lines: readonly Line[]): Collected {
  const out: Collected = { evidence: [], cash: [], change: [], rounding: [], tips: [], swedishRounding: false };
  let summed = false;
  lines.forEach((line, i) => {
    const cls = classifyLine(line.key);
    if (cls === null) return;
    if (cls === 'rounding' && SWEDISH_ROUNDING.test(line.key)) out.swedishRounding = true;
    const amount = amountFor(lines, i);
    if (amount === null) return;
    if (cls === 'rounding') out.rounding.push(Math.abs(amount));
    if (cls === 'change') out.change.push(Math.abs(amount));
    // A tip is written under the sum; above it "TIP" is a product ("TiP Geschirrtücher").
    if (cls === 'tip' && amount > 0 && summed) out.tips.push(amount);
    if (cls === 'total' || cls === 'payable' || cls === 'subtotal') summed = true;
    if (cls === 'cash' && amount > 0) out.cash.push(amount);
    let source = LINE_SOURCE[cls];
    if (source === 'total' && isCountLine(line.key)) source = 'subtotal';
    if (source && amount > 0) out.evidence.push({ amount, source, line: i });
  });
  return out;
}

/** Evidence derived from other evidence: cash minus change, öresavrundning, a tip on top of a sum. */
function derived(c: Collected): Evidence[] {
  const out: Evidence[] = [];
  const cash = c.cash.at(-1);
  const change = c.change.find((v) => v > 0);
  if (cash !== undefined && change !== undefined && cash > change) {
    out.push({ amount: cash - change, source: 'cash-change', line: -1 });
  }
  // "Att betala" is printed before öresavrundning too ("ATT BETALA SEK 453,71", "Öresavrundning 0,29", "Att betala
  // 454,00"): an amount already whole is left as it is, since it differs from its rounding by nothing.
  const bases = c.evidence
    .filter((e) => e.source === 'total' || e.source === 'vat' || e.source === 'payable')
    .map((e) => e.amount);
  // Cash is rounded to the nearest krona in Sweden and to 5 cents in Finland; the sign of a printed rounding is
  // easily lost by OCR, so only its size is compared.
  const sizes = c.rounding.map(Math.abs).filter((v) => v > 0 && v < 100);
  // Öresavrundning whose amount was misread ("021", "9,11" for 0,11: never more than 50 öre) or not read: Swedish
  // cash is paid to the nearest whole krona. With a rounding read but impossible, the amount before it may be
  // misread too ("327.88" for 327,80): the lines are then checked against the whole krona, not against it.
  const roundsToKrona = c.swedishRounding && !c.rounding.some((r) => r > 0 && r <= MAX_SWEDISH_ROUNDING);
  const unsure = c.rounding.length > 0;
  for (const base of bases) {
    for (const r of sizes) {
      const amount = [100, 5].map((step) => Math.round(base / step) * step).find((a) => Math.abs(a - base) === r);
      if (amount !== undefined && amount > 0) out.push({ amount, source: 'rounded', line: -1, from: base });
    }
    const whole = Math.round(base / 100) * 100;
    if (roundsToKrona && whole !== base && whole > 0) {
      out.push({ amount: whole, source: 'rounded', line: -1, from: base, ...(unsure ? { unsure } : {}) });
    }
    for (const tip of c.tips) out.push({ amount: base + tip, source: 'tip', line: -1, from: base });
  }
  return out;
}

// Witnesses that each give the amount paid as printed. Cash handed over, a subtotal or the largest amount may
// truly differ from it by a digit, so they never join it.
const SAME_AMOUNT: ReadonlySet<TotalSource> = new Set(['payable', 'total', 'card', 'vat', 'items', 'cash-change']);
/** Witnesses of amounts that differ only by misread zeros also vouch for the amount with the zeros. */
function joinZeroMisreads(bySource: Map<number, Set<TotalSource>>): void {
  const named = [...bySource].filter(([, sources]) => [...sources].some((s) => SAME_AMOUNT.has(s)));
  for (const [i, [a, sa]] of named.entries()) {
    for (const [b, sb] of named.slice(i + 1)) {
      const amount = zeroReading(a, b);
      if (amount === null) continue;
      const joined = bySource.get(amount) ?? new Set<TotalSource>();
      for (const s of [...sa, ...sb]) if (SAME_AMOUNT.has(s)) joined.add(s);
      bySource.set(amount, joined);
    }
  }
}

function largestAmount(lines: readonly Line[]): Evidence[] {
  let best = 0;
  for (const line of lines) {
    const cls = classifyLine(line.key);
    if (cls === 'cash' || cls === 'change' || cls === 'vat') continue;
    for (const a of findAmounts(line.text)) best = Math.max(best, a.ore);
  }
  return best > 0 ? [{ amount: best, source: 'largest', line: -1 }] : [];
}

/**
 * The amount paid, in öre, chosen by letting independent witnesses vote: the "Att betala"/"Totalt" lines, the card
 * or cash lines, the VAT table, the sum of the items, öresavrundning and tips. Returns the agreeing sources too,
 * so a total backed by one misread line loses to one that the VAT table and the card slip both confirm.
 */
export function findTotal(
  lines: readonly Line[],
  items: readonly ReceiptItem[],
): { totalOre: Ore | null; sources: TotalSource[]; beforeRoundingOre: Ore | null; roundedFromOre: Ore[] } {
  const c = collect(lines);
  const vat = vatTableGross(lines);
  if (vat !== null) c.evidence.push({ amount: vat, source: 'vat', line: -1 });
  if (items.length > 1) {
    const sum = items.reduce((s, item) => s + item.amountOre, 0);
    if (sum > 0) c.evidence.push({ amount: sum, source: 'items', line: -1 });
  }
  const all = [...c.evidence, ...derived(c)];
  if (all.length === 0) all.push(...largestAmount(lines));
  const bySource = new Map<number, Set<TotalSource>>();
  for (const e of all) bySource.set(e.amount, (bySource.get(e.amount) ?? new Set()).add(e.source));
  // Rounding and tips only change what is paid: the witnesses of the sum before them vouch for the result too.
  for (const e of all.filter((x) => x.from !== undefined)) {
    const own = bySource.get(e.amount) as Set<TotalSource>;
    for (const s of bySource.get(e.from as number) ?? []) own.add(s);
  }
  joinZeroMisreads(bySource);
  const tendered = c.cash.length > 0 && !all.some((e) => e.source === 'card') ? Math.max(...c.cash) : null;
  let best: { amount: number; score: number; count: number; rank: number } | null = null;
  for (const [amount, sources] of bySource) {
    let score = [...sources].reduce((s, source) => s + WEIGHT[source], 0);
    if (tendered !== null && amount > tendered) score -= 6;
    const rank = Math.min(...[...sources].map((s) => PRIORITY.indexOf(s)));
    // On equal weight, two witnesses that agree beat one ("SUMME 7,42" misread against the VAT table and the cash).
    const count = sources.size;
    const better =
      !best ||
      score > best.score ||
      (score === best.score && (count > best.count || (count === best.count && rank < best.rank)));
    if (better) best = { amount, score, count, rank };
  }
  if (!best || best.score <= 0) return { totalOre: null, sources: [], beforeRoundingOre: null, roundedFromOre: [] };
  const amount = best.amount;
  const sources = PRIORITY.filter((s) => bySource.get(amount)?.has(s));
  // The amount printed before öresavrundning rounded it to what was paid, when one was read.
  const rounded = all.filter((e) => e.source === 'rounded' && e.amount === amount && e.from !== amount);
  const before = rounded.find((e) => !e.unsure)?.from;
  // Amounts printed before a rounding that was misread: any one of them may be the sum of the lines, or none.
  const roundedFromOre = [...new Set(rounded.filter((e) => e.unsure).map((e) => ore(e.from as number)))];
  return {
    totalOre: ore(amount),
    sources,
    beforeRoundingOre: before === undefined ? null : ore(before),
    roundedFromOre,
  };
}
