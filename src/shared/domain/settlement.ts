import { compareIds, largestFirst, sortTransfers } from './settlement-core.ts';
import type { MemberBalance, Transfer } from './settlement-core.ts';
import { EXACT_LIMIT, settleExact } from './settlement-exact.ts';
import { settleWithinBudget } from './settlement-search.ts';

export type { MemberBalance, Transfer } from './settlement-core.ts';
export { EXACT_LIMIT } from './settlement-exact.ts';

/**
 * Transfers in öre that bring every balance to exactly zero with the fewest transfers: (members with a
 * non-zero balance) − (most disjoint zero-sum groups), exact up to EXACT_LIMIT such members and never worse
 * than largest-first greedy above it. Deterministic and independent of input order; paying one proposed
 * transfer leaves exactly the rest of the plan (up to EXACT_LIMIT). Sorted by payer id, then recipient id.
 * Throws RangeError on fractional öre, duplicate members or balances that do not sum to zero: those are bugs
 * in the balance computation, not user errors.
 */
export function settle(balances: ReadonlyArray<MemberBalance>): Transfer[] {
  const open = validated(balances);
  const plan = open.length <= EXACT_LIMIT ? settleExact(open) : settleWithinBudget(open);
  return sortTransfers(plan);
}

/**
 * The largest-first greedy plan in öre (biggest debtor pays biggest creditor, ties by id), sorted like
 * `settle`: at most n − 1 transfers. Exported as the baseline the solver is measured against.
 */
export function settleGreedy(balances: ReadonlyArray<MemberBalance>): Transfer[] {
  return sortTransfers(largestFirst(validated(balances)));
}

/**
 * The largest balance, in öre either way, that settles exactly: the solvers add up at most EXACT_LIMIT balances at a
 * time in floating point, which stays exact below 2^53. The limits of decision 036 keep balances far below it.
 */
export const MAX_SETTLEABLE_ORE = Math.floor(Number.MAX_SAFE_INTEGER / EXACT_LIMIT);

/** The members with a non-zero balance in id order, after checking the balances can be settled at all. */
function validated(balances: ReadonlyArray<MemberBalance>): MemberBalance[] {
  const seen = new Set<string>();
  // Exact whatever the number of members: only each balance, not their sum, is bounded.
  let total = 0n;
  for (const { memberId, balance } of balances) {
    if (!Number.isSafeInteger(balance)) throw new RangeError(`balance of ${memberId} is not whole öre: ${balance}`);
    if (Math.abs(balance) > MAX_SETTLEABLE_ORE) throw new RangeError(`balance of ${memberId} too large to settle`);
    if (seen.has(memberId)) throw new RangeError(`member ${memberId} appears twice`);
    seen.add(memberId);
    total += BigInt(balance);
  }
  if (total !== 0n) throw new RangeError(`balances sum to ${total} öre, not zero`);
  return balances
    .filter((m) => m.balance !== 0)
    .map((m) => ({ memberId: m.memberId, balance: m.balance }))
    .sort((a, b) => compareIds(a.memberId, b.memberId));
}
