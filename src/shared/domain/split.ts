import { apportion } from './apportion.ts';
import { splitByItems } from './itemized-split.ts';
import type { ItemizedResult, ItemLine } from './itemized-split.ts';
import { MAX_SPLIT_VALUE } from './limits.ts';
import { FULL_PERCENT_BP, ore, sumOre } from './money.ts';
import type { Ore } from './money.ts';
import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';

// The rounding every method shares lives apart, so the itemized split can use it without importing this file back.
export { apportion, tieBreakRank } from './apportion.ts';

/** How an expense is split; `items` ("Per rad") splits the receipt's lines between the people who took them. */
export type SplitMethod = 'equal' | 'weight' | 'absolute' | 'percent' | 'items';
export const SPLIT_METHODS: readonly SplitMethod[] = ['equal', 'weight', 'absolute', 'percent', 'items'];

export type SplitError = 'NO_PARTICIPANTS' | 'SPLIT_MISMATCH' | 'INVALID_SHARE' | 'NO_ITEMS' | 'ITEM_UNASSIGNED';

/**
 * A participant's entered value in hundredths: weight ×100, absolute in öre, percent in basis points. For `items`
 * the share in öre the person was shown, which the split must reproduce (the server's check of the preview).
 */
export type SplitParticipant = { memberId: string; value?: number };

export type SplitInput = {
  method: SplitMethod;
  total: Ore;
  participants: ReadonlyArray<SplitParticipant>;
  /** Any stable text per expense (e.g. its id); decides who gets leftover öre on ties. */
  seed: string;
  /** The receipt's lines and who took each; read only by `items`. */
  lines?: ReadonlyArray<ItemLine>;
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
  /** For `items`: each person's lines and part of the difference, and which lines nobody took. */
  itemized?: ItemizedResult;
};

/** The value a participant gets when the form leaves the field empty: weight 1, 0 kr, 0 %. */
export const DEFAULT_SPLIT_VALUE: Readonly<Record<Exclude<SplitMethod, 'items'>, number>> = {
  equal: 0,
  weight: 100,
  absolute: 0,
  percent: 0,
};

/**
 * Per-person öre for the live form preview, also when the split is not valid: shares in participant order,
 * their sum, whether the sum equals the total, and the problem that would block saving (null when none).
 * Invalid entries count as 0 (a percent above 100 as 100) so the preview always renders.
 */
export function computeShares(input: SplitInput): SplitPreview {
  if (input.method === 'items') return itemizedPreview(input);
  const method = input.method;
  const { total, participants, seed } = input;
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

/**
 * `items` as a preview: the itemized shares, and SPLIT_MISMATCH when a participant's stated share (the öre the
 * person saw) differs from what the lines give.
 */
function itemizedPreview(input: SplitInput): SplitPreview {
  const itemized = splitByItems({
    total: input.total,
    participants: input.participants.map((p) => p.memberId),
    lines: input.lines ?? [],
    seed: input.seed,
  });
  const shares = itemized.shares.map(({ memberId, amount }) => ({ memberId, amount }));
  const sum = sumOre(shares.map((share) => share.amount));
  const stated = input.participants.some((p, i) => p.value !== undefined && p.value !== shares[i]?.amount);
  const problem = itemized.problem ?? (stated ? 'SPLIT_MISMATCH' : null);
  return { shares, sum, matches: sum === input.total, problem, itemized };
}

function cleanValue(method: Exclude<SplitMethod, 'items'>, value: number): number {
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
