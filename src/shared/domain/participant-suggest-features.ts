// Per-member evidence beyond the resemblance votes, for the learned combination in participant-suggest.ts: is the
// member around today (participant-suggest-presence.ts), what they already took part in today (someone at the other
// lunch table is not at this one), how often they join the payer, their rates for this category, weekday and
// merchant, and how young the group's history is. Plain counts over the history, O(entries · members).
import type { HistoryFacts } from './participant-suggest-history.ts';
import { presenceChances } from './participant-suggest-presence.ts';

/** The query as the features see it, with how each dated entry resembles it. */
export type FeatureQuery = {
  /** Day number of the query (or of the latest entry when the query has no date). */
  today: number;
  payerId: string | undefined;
  amount: number;
  /** Per entry: merchant match 0 none, 1 chain, 2 branch, 3 same; 1 when of the query's category; vote weight. */
  match: Uint8Array;
  sameCategory: Uint8Array;
  votes: Float64Array;
};

// Recency of the "recent rate", in entries rather than days: the last 20 of the member's possible entries weigh half.
const RECENT_HALF_LIFE_ENTRIES = 20;
// A history younger than this is a trip or a group just started: the features mean other things there.
const YOUNG_HISTORY_DAYS = 14;
const RATE_CLAMP = 0.005;

// Per-member counts live in one flat array, member m's at m · COUNT_COLUMNS + column: string-keyed arrays were the
// slowest part of a 5,000-entry query.
const COLUMN = {
  allIn: 0,
  all: 1,
  categoryIn: 2,
  category: 3,
  weekdayIn: 4,
  weekday: 5,
  merchantIn: 6,
  merchant: 7,
  withPayerIn: 8,
  withPayer: 9,
  recentIn: 10,
  recent: 11,
  today: 12,
  todayWithPayer: 13,
  todayParallel: 14,
  todayOtherCategory: 15,
  todaySibling: 16,
} as const;
const COUNT_COLUMNS = 17;

/** One entry as the counts read it; `inEntry[m]` is 1 when member m took part. */
type EntryView = {
  inEntry: Uint8Array;
  today: boolean;
  hasPayer: boolean;
  sameCategory: boolean;
  sameWeekday: boolean;
  sameMerchant: boolean;
  sibling: boolean;
  decay: number;
};

/** History id numbers mapped to member positions (-1 for others), each member's first day, the payer's number. */
type MemberNumbers = { memberOf: Int32Array; firstSeen: number[]; payer: number };

function memberNumbers(facts: HistoryFacts, members: readonly string[], payerId: string | undefined): MemberNumbers {
  const memberOf = new Int32Array(facts.idNumber.size).fill(-1);
  members.forEach((id, m) => {
    const n = facts.idNumber.get(id);
    if (n !== undefined) memberOf[n] = m;
  });
  const firstSeen = members.map((id) => facts.firstSeen[facts.idNumber.get(id) ?? -1] ?? Number.POSITIVE_INFINITY);
  const payer = payerId === undefined ? -1 : (facts.idNumber.get(payerId) ?? -1);
  return { memberOf, firstSeen, payer };
}

const logit = (p: number): number => {
  const c = Math.min(1 - RATE_CLAMP, Math.max(RATE_CLAMP, p));
  return Math.log(c / (1 - c));
};
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const rateLogit = (took: number, of: number, prior: number, weight: number): number =>
  logit((took + weight * prior) / (of + weight));

function bump(counts: Float64Array, at: number, value: number): void {
  counts[at] = (counts[at] as number) + value;
}

function countEntry(counts: Float64Array, view: EntryView, m: number): void {
  const x = view.inEntry[m] as number;
  const base = m * COUNT_COLUMNS;
  bump(counts, base + COLUMN.all, 1);
  bump(counts, base + COLUMN.allIn, x);
  bump(counts, base + COLUMN.recent, view.decay);
  bump(counts, base + COLUMN.recentIn, view.decay * x);
  if (view.hasPayer) {
    bump(counts, base + COLUMN.withPayer, view.decay);
    bump(counts, base + COLUMN.withPayerIn, view.decay * x);
  }
  if (view.sameCategory) {
    bump(counts, base + COLUMN.category, 1);
    bump(counts, base + COLUMN.categoryIn, x);
    if (view.sameWeekday) {
      bump(counts, base + COLUMN.weekday, 1);
      bump(counts, base + COLUMN.weekdayIn, x);
    }
    if (view.sameMerchant) {
      bump(counts, base + COLUMN.merchant, 1);
      bump(counts, base + COLUMN.merchantIn, x);
    }
  }
  if (view.today && x === 1) {
    counts[base + COLUMN.today] = 1;
    if (view.hasPayer) counts[base + COLUMN.todayWithPayer] = 1;
    else if (view.sameCategory) counts[base + COLUMN.todayParallel] = 1;
    if (!view.sameCategory) counts[base + COLUMN.todayOtherCategory] = 1;
    if (view.sibling) counts[base + COLUMN.todaySibling] = 1;
  }
}

/**
 * Reads entry i for the counts. A "sibling" is a same-category entry of today without the payer that leaves room
 * for the head count the query's amount implies at that entry's price per head: the other table of the same lunch.
 */
function readEntry(facts: HistoryFacts, i: number, q: FeatureQuery, members: MemberNumbers, view: EntryView): void {
  const [from, to] = [facts.start[i] as number, facts.start[i + 1] as number];
  const day = facts.days[i] as number;
  view.inEntry.fill(0);
  view.hasPayer = false;
  for (let k = from; k < to; k += 1) {
    const p = facts.participants[k] as number;
    if (p === members.payer) view.hasPayer = true;
    const m = members.memberOf[p] as number;
    if (m >= 0) view.inEntry[m] = 1;
  }
  const amount = facts.entries[i]?.amount ?? 0;
  const implied = amount > 0 && q.amount > 0 ? (q.amount * (to - from)) / amount : 0;
  view.today = day === q.today;
  view.sameCategory = q.sameCategory[i] === 1;
  view.sameWeekday = (day - q.today) % 7 === 0;
  view.sameMerchant = (q.match[i] as number) >= 2;
  view.sibling =
    view.sameCategory && !view.hasPayer && view.today && implied <= (facts.around[i] as number) - (to - from) + 0.5;
}

/** Sums the counts over ordinary entries up to today, newest first (entries for everyone say nothing about choice). */
function countHistory(facts: HistoryFacts, q: FeatureQuery, members: MemberNumbers): Float64Array {
  const size = members.firstSeen.length;
  const counts = new Float64Array(size * COUNT_COLUMNS);
  const view: EntryView = {
    inEntry: new Uint8Array(size),
    today: false,
    hasPayer: false,
    sameCategory: false,
    sameWeekday: false,
    sameMerchant: false,
    sibling: false,
    decay: 1,
  };
  let age = 0;
  for (let i = facts.entries.length - 1; i >= 0; i -= 1) {
    const day = facts.days[i] as number;
    if (facts.everyone[i] === true || day > q.today) continue;
    readEntry(facts, i, q, members, view);
    view.decay = Math.pow(0.5, age / RECENT_HALF_LIFE_ENTRIES);
    age += 1;
    for (let m = 0; m < size; m += 1) if (day >= (members.firstSeen[m] as number)) countEntry(counts, view, m);
  }
  return counts;
}

/** Weighted share of resembling expenses that included everyone around, as a logit. */
function everyoneLogit(facts: HistoryFacts, votes: Float64Array): number {
  let [total, everyone] = [0, 0];
  facts.entries.forEach((_, i) => {
    total += votes[i] as number;
    if (facts.everyone[i] === true) everyone += votes[i] as number;
  });
  return logit((everyone + 0.1) / (total + 0.1));
}

function paidByEach(facts: HistoryFacts): Map<string, number> {
  const paid = new Map<string, number>();
  for (const e of facts.entries) if (e.amount > 0) paid.set(e.payerId, (paid.get(e.payerId) ?? 0) + e.amount);
  return paid;
}

/**
 * One feature row per member, in member order, for members with chance `chances[m]` from the votes: a constant,
 * the chance as a logit and 16 features, "young history", and the chance and the 16 features again times it.
 */
export function memberFeatures(
  facts: HistoryFacts,
  members: readonly string[],
  chances: readonly number[],
  q: FeatureQuery,
): number[][] {
  const numbers = memberNumbers(facts, members, q.payerId);
  const c = countHistory(facts, q, numbers);
  const here = presenceChances(facts, numbers.memberOf, numbers.firstSeen, q.today);
  const paid = paidByEach(facts);
  const payerPaid = q.payerId === undefined ? 0 : (paid.get(q.payerId) ?? 0);
  const firstDay = facts.days.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const young = q.today - firstDay < YOUNG_HISTORY_DAYS ? 1 : 0;
  const everyone = everyoneLogit(facts, q.votes);
  return members.map((id, m) => {
    const at = (column: keyof typeof COLUMN): number => c[m * COUNT_COLUMNS + COLUMN[column]] as number;
    const all = rateLogit(at('allIn'), at('all'), 0.5, 2);
    const category = rateLogit(at('categoryIn'), at('category'), sigmoid(all), 3);
    const features = [
      logit(chances[m] as number),
      Math.log(Math.max(1e-4, here[m] as number)),
      id === q.payerId ? 1 : 0,
      facts.idNumber.has(id) ? 0 : 1,
      at('today'),
      at('todayParallel'),
      at('todayWithPayer'),
      rateLogit(at('withPayerIn'), at('withPayer'), 0.5, 1),
      rateLogit(at('recentIn'), at('recent'), 0.5, 1),
      all,
      category - all,
      rateLogit(at('weekdayIn'), at('weekday'), sigmoid(category), 3) - category,
      rateLogit(at('merchantIn'), at('merchant'), sigmoid(category), 3) - category,
      at('todayOtherCategory'),
      at('todaySibling'),
      q.payerId !== undefined && id !== q.payerId && (paid.get(id) ?? 0) < payerPaid ? 1 : 0,
      everyone,
    ];
    return [1, ...features, young, ...features.map((x) => x * young)];
  });
}
