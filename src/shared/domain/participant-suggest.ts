// "Vilka var med?": which members to preselect for a new expense, learned from the group's own history. Every
// earlier expense votes for its participants with a weight saying how much it resembles the new one (merchant,
// category, amount, payer, recency); same-weekday votes refine that; the amount, read as a price per head, says how
// many took part; the set with the best expected F1 is preselected. See docs/decisions/005-participant-suggestion.md.
import { compareMerchants, merchantTokens } from './participant-suggest-merchant.ts';
import type { MerchantMatch } from './participant-suggest-merchant.ts';
import { dayNumber, historyFacts } from './participant-suggest-history.ts';
import type { HistoryFacts, SuggestHistoryEntry } from './participant-suggest-history.ts';
import { conditionOnHeadcount, fitPerHead, headcountLikelihood } from './participant-suggest-size.ts';

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
};

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
};

// The head-count step is cubic in the member count; beyond this the amount is not used to size the set.
const MAX_MEMBERS_FOR_HEADCOUNT = 64;
const CHANCE_MIN = 0.01;
const CHANCE_MAX = 0.99;

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

type Weights = { votes: Float64Array; sizing: Float64Array };

/** Resemblance of each dated entry to the query: `votes` uses everything, `sizing` leaves amount and payer out. */
function resemblance(facts: HistoryFacts, expense: SuggestQuery, queryDay: number | null, t: SuggestTuning): Weights {
  const tokens = merchantTokens(expense.merchant);
  const category = plainCategory(expense.category);
  const reference = queryDay ?? facts.latestDay;
  const logAmount = expense.amount > 0 && Number.isFinite(expense.amount) ? Math.log(expense.amount) : null;
  const byMerchant = new Map<string | null, number>();
  const votes = new Float64Array(facts.entries.length);
  const sizing = new Float64Array(facts.entries.length);
  const decay = Math.LN2 / t.halfLifeDays;
  facts.entries.forEach((entry, i) => {
    let w = byMerchant.get(entry.merchant);
    if (w === undefined) {
      w = t.merchant[entry.merchant === null ? 'none' : compareMerchants(tokens, merchantTokens(entry.merchant))];
      byMerchant.set(entry.merchant, w);
    }
    if (category !== '' && plainCategory(entry.category) !== category) w *= t.otherCategory;
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
  return { votes, sizing };
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

/** Each member's chance of taking part in the new expense, in [0, 1], in the order of `members`; 1 each without history. */
function participationChances(
  history: readonly SuggestHistoryEntry[],
  members: readonly string[],
  expense: SuggestQuery,
  tuning: SuggestTuning = DEFAULT_SUGGEST_TUNING,
): number[] {
  const facts = historyFacts(history);
  const queryDay = expense.date === undefined ? null : dayNumber(expense.date);
  const { votes, sizing } = resemblance(facts, expense, queryDay, tuning);
  const chances = voteChances(facts, members, votes, { day: queryDay, payer: expense.payerId }, tuning);
  return sizedChances(facts, chances, sizing, expense.amount, tuning);
}

/**
 * Picks the most likely members, as many as maximise the expected F1 (≈ 2·Σ chosen chances / (k + Σ all chances));
 * never empty; ties in chance go to the payer, then to list order.
 */
function pickSet(members: readonly string[], chances: readonly number[], payerId: string | undefined): string[] {
  const rank = members.map((_, i) => i);
  rank.sort(
    (a, b) =>
      (chances[b] as number) - (chances[a] as number) ||
      Number(members[b] === payerId) - Number(members[a] === payerId) ||
      a - b,
  );
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
  const chosen = new Set(rank.slice(0, best));
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
  return pickSet(unique, participationChances(history, unique, expense, tuning), expense.payerId);
}
