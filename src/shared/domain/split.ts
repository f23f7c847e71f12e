import { MAX_SPLIT_VALUE } from './limits.ts';
import { FULL_PERCENT_BP, ore, sumOre } from './money.ts';
import type { Ore } from './money.ts';
import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';

export type SplitMethod = 'equal' | 'weight' | 'absolute' | 'percent';
export const SPLIT_METHODS: readonly SplitMethod[] = ['equal', 'weight', 'absolute', 'percent'];

export type SplitError = 'NO_PARTICIPANTS' | 'SPLIT_MISMATCH' | 'INVALID_SHARE';

/** A participant's entered value in hundredths: weight ×100, absolute in öre, percent in basis points. */
export type SplitParticipant = { memberId: string; value?: number };

export type SplitInput = {
  method: SplitMethod;
  total: Ore;
  participants: ReadonlyArray<SplitParticipant>;
  /** Any stable text per expense (e.g. its id); decides who gets leftover öre on ties. */
  seed: string;
};

export type Share = { memberId: string; amount: Ore };

export type SplitPreview = {
  /** One entry per participant, in participant order. */
  shares: Share[];
  /** Sum of the shares; equals the total exactly when the split is valid. */
  sum: Ore;
  /** sum === total. */
  matches: boolean;
  /** Why the split cannot be saved, or null when it can. */
  problem: SplitError | null;
};

/** The value a participant gets when the form leaves the field empty: weight 1, 0 kr, 0 %. */
export const DEFAULT_SPLIT_VALUE: Readonly<Record<SplitMethod, number>> = {
  equal: 0,
  weight: 100,
  absolute: 0,
  percent: 0,
};

/**
 * Rank of a member in the leftover-öre tie-break for one expense: a 32-bit hash of seed and member id.
 * Depends on the seed, so each expense favours someone else, and not on list order, so shuffles change nothing.
 */
export function tieBreakRank(seed: string, memberId: string): number {
  let h = 0x811c9dc5;
  const text = `${seed}\u0000${memberId}`;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // murmur3 finaliser: FNV alone leaves ids differing only in the last character too close together.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

type Part = { index: number; key: string; rank: number; floor: bigint; remainder: bigint };

/**
 * Largest-remainder apportionment in whole öre: splits total × Σweights / denominator (rounded half up) over
 * the weights, each part floor(total × weight / denominator) plus at most one leftover öre, handed out by
 * largest remainder, ties by tieBreakRank. Exact BigInt arithmetic; denominator defaults to Σweights so
 * the parts then sum to exactly total. Returns amounts in input order.
 */
export function apportion(input: {
  total: number;
  weights: ReadonlyArray<{ key: string; weight: number }>;
  denominator?: number;
  seed: string;
}): number[] {
  const { total, weights, seed } = input;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be whole öre ≥ 0: ${total}`);
  for (const w of weights) {
    if (!Number.isSafeInteger(w.weight) || w.weight < 0) throw new RangeError(`bad weight ${w.weight}`);
  }
  const weightSum = weights.reduce((acc, w) => acc + BigInt(w.weight), 0n);
  const denominator = input.denominator === undefined ? weightSum : BigInt(input.denominator);
  if (denominator <= 0n) return weights.map(() => 0);

  const bigTotal = BigInt(total);
  const parts: Part[] = weights.map((w, index) => {
    const product = bigTotal * BigInt(w.weight);
    return {
      index,
      key: w.key,
      rank: tieBreakRank(seed, w.key),
      floor: product / denominator,
      remainder: product % denominator,
    };
  });
  const target = (2n * bigTotal * weightSum + denominator) / (2n * denominator);
  let leftover = target - parts.reduce((acc, p) => acc + p.floor, 0n);

  const byClaim = [...parts].sort(compareClaims);
  const amounts = parts.map((p) => p.floor);
  for (const part of byClaim) {
    if (leftover <= 0n) break;
    amounts[part.index] = part.floor + 1n;
    leftover -= 1n;
  }
  return amounts.map((a) => ore(Number(a)));
}

function compareClaims(a: Part, b: Part): number {
  if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.index - b.index;
}

/**
 * Per-person öre for the live form preview, also when the split is not valid: shares in participant order,
 * their sum, whether the sum equals the total, and the problem that would block saving (null when none).
 * Invalid entries count as 0 (a percent above 100 as 100) so the preview always renders.
 */
export function computeShares(input: SplitInput): SplitPreview {
  const { method, total, participants, seed } = input;
  const totalIsValid = Number.isSafeInteger(total) && total > 0;
  const safeTotal = totalIsValid ? total : 0;

  const ids = participants.map((p) => p.memberId);
  let invalid = !totalIsValid || new Set(ids).size !== ids.length;
  const values = participants.map((p) => {
    const raw = method === 'equal' ? 1 : (p.value ?? DEFAULT_SPLIT_VALUE[method]);
    const cleaned = cleanValue(method, raw);
    if (cleaned !== raw) invalid = true;
    return cleaned;
  });

  let mismatch = false;
  let amounts: number[];
  const asWeights = values.map((weight, i) => ({ key: ids[i] as string, weight }));
  if (method === 'absolute') {
    amounts = values;
    mismatch = sumOre(values) !== total;
  } else if (method === 'percent') {
    amounts = apportion({ total: safeTotal, weights: asWeights, denominator: FULL_PERCENT_BP, seed });
    mismatch = sumOre(values) !== FULL_PERCENT_BP;
  } else {
    // Weights that are all zero cannot split anything: that is a bad entry, not a sum mismatch.
    if (method === 'weight' && values.every((v) => v === 0)) invalid = true;
    amounts = apportion({ total: safeTotal, weights: asWeights, seed });
  }

  const sum = sumOre(amounts);
  const shares = participants.map((p, i) => ({ memberId: p.memberId, amount: ore(amounts[i] ?? 0) }));
  let problem: SplitError | null = null;
  if (participants.length === 0) problem = 'NO_PARTICIPANTS';
  else if (invalid) problem = 'INVALID_SHARE';
  else if (mismatch || sum !== total) problem = 'SPLIT_MISMATCH';
  return { shares, sum, matches: sum === total, problem };
}

function cleanValue(method: SplitMethod, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) return 0;
  if (method === 'percent' && value > FULL_PERCENT_BP) return FULL_PERCENT_BP;
  // Above the limit of decision 036 a weight or an exact amount is a typo.
  if (value > MAX_SPLIT_VALUE) return 0;
  return value;
}

/**
 * Splits one expense into whole-öre shares that sum exactly to the total (largest remainder, rotating
 * tie-break by seed), in participant order; the one split both the form preview and the server trust.
 */
export function splitExpense(input: SplitInput): Result<Share[], SplitError> {
  const preview = computeShares(input);
  return preview.problem === null ? ok(preview.shares) : fail(preview.problem);
}
