// "Vilka var med?": which members to preselect for a new expense, learned from the group's own history. Every
// earlier expense votes for its participants with a weight saying how much it resembles the new one (merchant,
// category, amount, payer, recency); same-weekday votes refine that; the amount, read as a price per head, says how
// many took part; the set with the best expected F1 is preselected. In groups of five or more, a logistic combination
// fitted offline also weighs whether the member is around today, what they already took part in today and their
// habits; a fixed threshold then picks the set. See docs/decisions/005-participant-suggestion.md.
import { memberFeatures } from './participant-suggest-features.ts';
import type { FeatureQuery } from './participant-suggest-features.ts';
import { compareMerchants, merchantTokens } from './participant-suggest-merchant.ts';
import type { MerchantMatch } from './participant-suggest-merchant.ts';
import { dayNumber, historyFacts } from './participant-suggest-history.ts';
import type { HistoryFacts, SuggestHistoryEntry } from './participant-suggest-history.ts';
import { conditionOnHeadcount, fitPerHead, headcountLikelihood } from './participant-suggest-size.ts';
import { FITTED_COMBINATION } from './participant-suggest-weights.ts';

export type { SuggestHistoryEntry } from './participant-suggest-history.ts';

/** The expense being entered, as known on wizard step 1; amount in öre, date YYYY-MM-DD. */
export type SuggestQuery = { merchant: string; category: string; amount: number; payerId?: string; date?: string };

/** The knobs of the resemblance and of the decision; the product uses DEFAULT_SUGGEST_TUNING. */
export type SuggestTuning = {
  merchant: Readonly<Record<MerchantMatch, number>>;
  otherCategory: number;
  /** Spread of the amount kernel in natural-log units (0.4 ≈ "within a factor 1.5"). */
  amountSpread: number;
  amountFloor: number;
  /** Weight of an entry the payer took part in but someone else paid, and of one the payer had no part in. */
  payerInside: number;
  payerOutside: number;
  halfLifeDays: number;
  recencyFloor: number;
  /** Weight of the prior ("as often as everyone took part in resembling expenses"), in identical expenses. */
  priorWeight: number;
  /** How many identical same-weekday expenses it takes to move a member's chance halfway to the weekday's rate. */
  weekdayWeight: number;
  /** Prior variance and its weight for the log price per head; the prior keeps a few look-alikes from sounding sure. */
  perHeadVariance: number;
  perHeadPriorWeight: number;
  /** Logistic weights over `memberFeatures` and the chance above which a member is chosen; null: votes only. */
  combination: SuggestCombination | null;
};

/** Weights for the rows of `participationFeatures` (a member is in when sigmoid(weights · row) ≥ threshold). */
export type SuggestCombination = { weights: readonly number[]; threshold: number };

export const DEFAULT_SUGGEST_TUNING: SuggestTuning = {
  merchant: { same: 1, branch: 0.6, chain: 0.2, none: 0.1 },
  otherCategory: 0.06,
  amountSpread: 0.4,
  amountFloor: 0.15,
  payerInside: 1,
  payerOutside: 0.2,
  halfLifeDays: 300,
  recencyFloor: 0.02,
  priorWeight: 0.1,
  weekdayWeight: 0.66,
  perHeadVariance: 0.1,
  perHeadPriorWeight: 1,
  combination: FITTED_COMBINATION,
};

// The head-count step is cubic in the member count; beyond this the amount is not used to size the set.
const MAX_MEMBERS_FOR_HEADCOUNT = 64;
const CHANCE_MIN = 0.01;
const CHANCE_MAX = 0.99;
// Groups of up to four are households: the votes alone are right there, and a combination fitted with them in scored
// lower on seed 1 (overall F1 0.851 against 0.854), so it is fitted on and used for larger groups only.
const COMBINATION_FROM_MEMBERS = 5;

// Normalising is the costliest step per entry and a group uses a handful of categories, so keys are remembered.
const categoryKeys = new Map<string, string>();
function plainCategory(category: string | null): string {
  if (category === null) return '';
  let key = categoryKeys.get(category);
  if (key === undefined) {
    key = category.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();
    if (categoryKeys.size > 1_000) categoryKeys.clear();
    categoryKeys.set(category, key);
  }
  return key;
}

type QueryContext = { day: number | null; payer: string | undefined };

type Weights = { votes: Float64Array; sizing: Float64Array; match: Uint8Array; sameCategory: Uint8Array };
const MATCH_LEVEL: Record<MerchantMatch, number> = { none: 0, chain: 1, branch: 2, same: 3 };

/**
 * Resemblance of each dated entry to the query: `votes` uses everything, `sizing` leaves amount and payer out;
 * `match` (merchant match level) and `sameCategory` are kept for the features.
 */
function resemblance(facts: HistoryFacts, expense: SuggestQuery, queryDay: number | null, t: SuggestTuning): Weights {
  const tokens = merchantTokens(expense.merchant);
  const category = plainCategory(expense.category);
  const reference = queryDay ?? facts.latestDay;
  const logAmount = expense.amount > 0 && Number.isFinite(expense.amount) ? Math.log(expense.amount) : null;
  const byMerchant = new Map<string | null, MerchantMatch>();
  const n = facts.entries.length;
  const [votes, sizing] = [new Float64Array(n), new Float64Array(n)];
  const [match, sameCategory] = [new Uint8Array(n), new Uint8Array(n)];
  const decay = Math.LN2 / t.halfLifeDays;
  facts.entries.forEach((entry, i) => {
    let level = byMerchant.get(entry.merchant);
    if (level === undefined) {
      level = entry.merchant === null ? 'none' : compareMerchants(tokens, merchantTokens(entry.merchant));
      byMerchant.set(entry.merchant, level);
    }
    match[i] = MATCH_LEVEL[level];
    let w = t.merchant[level];
    if (category !== '' && plainCategory(entry.category) === category) sameCategory[i] = 1;
    else if (category !== '') w *= t.otherCategory;
    w *= t.recencyFloor + (1 - t.recencyFloor) * Math.exp(-decay * Math.abs(reference - (facts.days[i] as number)));
    sizing[i] = w;
    if (logAmount !== null && entry.amount > 0) {
      const z = (Math.log(entry.amount) - logAmount) / t.amountSpread;
      w *= t.amountFloor + (1 - t.amountFloor) * Math.exp(-0.5 * z * z);
    }
    // Who was with the payer before says most about who is with them now (their car, their cabin, their partner).
    if (expense.payerId !== undefined && entry.payerId !== expense.payerId) {
      w *= entry.participantIds.includes(expense.payerId) ? t.payerInside : t.payerOutside;
    }
    votes[i] = w;
  });
  return { votes, sizing, match, sameCategory };
}

/**
 * Each member's chance of taking part from the weighted votes, in [0, 1], in the order of `members`. Entries dated
 * before a member was first seen say nothing about them (they may not have joined); a member never seen gets the prior.
 */
function voteChances(
  facts: HistoryFacts,
  members: readonly string[],
  votes: Float64Array,
  query: QueryContext,
  t: SuggestTuning,
): number[] {
  const { day: queryDay, payer } = query;
  const memberOf = new Int32Array(facts.idNumber.size).fill(-1);
  members.forEach((id, m) => {
    const n = facts.idNumber.get(id);
    if (n !== undefined) memberOf[n] = m;
  });
  const took = new Float64Array(members.length);
  const tookWeekday = new Float64Array(members.length);
  const evidence = new Float64Array(members.length);
  const evidenceWeekday = new Float64Array(members.length);
  const firstSeen = members.map((id) => facts.firstSeen[facts.idNumber.get(id) ?? -1] ?? Number.POSITIVE_INFINITY);
  let total = 0;
  let everyone = 0;
  let payerIn = 0;
  facts.entries.forEach((_, i) => {
    const w = votes[i] as number;
    const day = facts.days[i] as number;
    const sameWeekday = queryDay !== null && (day - queryDay) % 7 === 0;
    total += w;
    if (facts.everyone[i] === true) everyone += w;
    if (facts.payerTookPart[i] === true) payerIn += w;
    for (let m = 0; m < members.length; m += 1) {
      if (day < (firstSeen[m] as number)) continue;
      evidence[m] = (evidence[m] as number) + w;
      if (sameWeekday) evidenceWeekday[m] = (evidenceWeekday[m] as number) + w;
    }
    for (let k = facts.start[i] as number; k < (facts.start[i + 1] as number); k += 1) {
      const m = memberOf[facts.participants[k] as number] as number;
      if (m < 0) continue;
      took[m] = (took[m] as number) + w;
      if (sameWeekday) tookWeekday[m] = (tookWeekday[m] as number) + w;
    }
  });
  const prior = (everyone + t.priorWeight) / (total + t.priorWeight);
  // The payer is judged by how often payers of resembling expenses took part themselves, not by their own votes.
  const payerChance = (payerIn + t.priorWeight) / (total + t.priorWeight);
  return members.map((id, m) => {
    if (id === payer) return payerChance;
    const overall = ((took[m] as number) + t.priorWeight * prior) / ((evidence[m] as number) + t.priorWeight);
    return (
      ((tookWeekday[m] as number) + t.weekdayWeight * overall) / ((evidenceWeekday[m] as number) + t.weekdayWeight)
    );
  });
}

/** Folds in the head count the amount implies, when resembling entries show a steady price per head. */
function sizedChances(
  facts: HistoryFacts,
  chances: number[],
  sizing: Float64Array,
  amount: number,
  t: SuggestTuning,
): number[] {
  if (chances.length > MAX_MEMBERS_FOR_HEADCOUNT || !(amount > 0) || !Number.isFinite(amount)) return chances;
  const logPerHead: number[] = [];
  const weights: number[] = [];
  facts.entries.forEach((entry, i) => {
    const heads = (facts.start[i + 1] as number) - (facts.start[i] as number);
    if (heads === 0 || !(entry.amount > 0)) return;
    logPerHead.push(Math.log(entry.amount / heads));
    weights.push(sizing[i] as number);
  });
  const fit = fitPerHead(logPerHead, weights, t.perHeadPriorWeight, t.perHeadVariance);
  if (fit === null) return chances;
  const clamped = chances.map((c) => Math.min(CHANCE_MAX, Math.max(CHANCE_MIN, c)));
  return conditionOnHeadcount(clamped, headcountLikelihood(fit, Math.log(amount), chances.length));
}

type Evidence = { facts: HistoryFacts; sizing: Float64Array; chances: number[]; rows: number[][] | null };

/**
 * Each member's chance of taking part from the votes, in [0, 1], in the order of `members` (1 each without history),
 * and, when asked and the combination applies (five or more members, a dated history), each member's feature row.
 */
function evidence(
  history: readonly SuggestHistoryEntry[],
  members: readonly string[],
  expense: SuggestQuery,
  withFeatures: boolean,
  t: SuggestTuning,
): Evidence {
  const facts = historyFacts(history);
  const queryDay = expense.date === undefined ? null : dayNumber(expense.date);
  const { votes, sizing, match, sameCategory } = resemblance(facts, expense, queryDay, t);
  const chances = voteChances(facts, members, votes, { day: queryDay, payer: expense.payerId }, t);
  if (!withFeatures || members.length < COMBINATION_FROM_MEMBERS || facts.entries.length === 0)
    return { facts, sizing, chances, rows: null };
  const today = queryDay ?? facts.latestDay;
  const query: FeatureQuery = { today, payerId: expense.payerId, amount: expense.amount, match, sameCategory, votes };
  return { facts, sizing, chances, rows: memberFeatures(facts, members, chances, query) };
}

/**
 * The feature row of each member (duplicates dropped), in the order of `members`, or null where the combination is
 * not used. Exists for the offline fit of the combination's weights (bench/suggest-fit.ts).
 */
export function participationFeatures(
  history: readonly SuggestHistoryEntry[],
  members: readonly string[],
  expense: SuggestQuery,
  tuning: SuggestTuning = DEFAULT_SUGGEST_TUNING,
): number[][] | null {
  return evidence(history, [...new Set(members)], expense, true, tuning).rows;
}

/** The combination's chance for each feature row: sigmoid(weights · row), in [0, 1]. */
function combinedChances(rows: readonly number[][], combination: SuggestCombination): number[] {
  return rows.map((row) => {
    let z = 0;
    row.forEach((x, j) => (z += x * (combination.weights[j] ?? 0)));
    return 1 / (1 + Math.exp(-z));
  });
}

/** Members ranked by chance, most likely first; ties go to the payer, then to list order. */
function ranked(members: readonly string[], chances: readonly number[], payerId: string | undefined): number[] {
  const rank = members.map((_, i) => i);
  rank.sort(
    (a, b) =>
      (chances[b] as number) - (chances[a] as number) ||
      Number(members[b] === payerId) - Number(members[a] === payerId) ||
      a - b,
  );
  return rank;
}

/** How many of the ranked members maximise the expected F1 (≈ 2·Σ chosen chances / (k + Σ all chances)); at least 1. */
function expectedF1Count(rank: readonly number[], chances: readonly number[]): number {
  const expectedCount = chances.reduce((s, c) => s + c, 0);
  let best = 1;
  let bestScore = Number.NEGATIVE_INFINITY;
  let cumulative = 0;
  rank.forEach((m, k) => {
    cumulative += chances[m] as number;
    const score = (2 * cumulative) / (k + 1 + expectedCount);
    if (score > bestScore + 1e-12) {
      bestScore = score;
      best = k + 1;
    }
  });
  return best;
}

/**
 * Picks the most likely members: those at or above `threshold` when the chances come from the fitted combination,
 * otherwise as many as maximise the expected F1. Never empty; in the order of `members`.
 */
function pickSet(
  members: readonly string[],
  chances: readonly number[],
  payerId: string | undefined,
  threshold: number | null,
): string[] {
  const rank = ranked(members, chances, payerId);
  const count =
    threshold === null
      ? expectedF1Count(rank, chances)
      : Math.max(1, rank.filter((m) => (chances[m] as number) >= threshold).length);
  const chosen = new Set(rank.slice(0, count));
  return members.filter((_, i) => chosen.has(i));
}

/**
 * The member ids to preselect for a new expense (amounts in öre), in the order of `members` and only from `members`
 * (duplicates dropped); never empty when `members` is not, since the form needs one participant; everyone when the
 * history says nothing. Deterministic: no clock, no randomness. Exists to fill in "Vilka var med?" from habit.
 */
export function suggestParticipants(
  history: readonly SuggestHistoryEntry[],
  members: readonly string[],
  expense: SuggestQuery,
  tuning: SuggestTuning = DEFAULT_SUGGEST_TUNING,
): string[] {
  const unique = [...new Set(members)];
  if (unique.length === 0) return [];
  const { combination } = tuning;
  const { facts, sizing, chances, rows } = evidence(history, unique, expense, combination !== null, tuning);
  const learned = rows !== null && combination !== null ? combinedChances(rows, combination) : null;
  const sized = sizedChances(facts, learned ?? chances, sizing, expense.amount, tuning);
  return pickSet(
    unique,
    sized,
    expense.payerId,
    learned !== null && combination !== null ? combination.threshold : null,
  );
}
