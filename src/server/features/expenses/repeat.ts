import type { CreateExpenseBody } from '#shared/api/expenses.ts';
import type { PayerAmount } from '#shared/domain/payers.ts';
import type { Expense, NewShare, StoredPayer, StoredShare } from './repo.ts';
import { blankToNull, imageIdOf } from './rules.ts';

type Attempt = CreateExpenseBody & { groupId: string; memberId: string; checkedPayers: readonly PayerAmount[] };

const payersKey = (payers: ReadonlyArray<{ memberId: string; amountOre: number }>) =>
  payers
    .map((payer) => `${payer.memberId}:${payer.amountOre}`)
    .sort()
    .join(',');

/**
 * Whether a create under an id already saved is the same request sent again (decision 053): the same member of the
 * same group, the same typed fields and image, the same payers and the same shares. The rate is not compared: it is looked up, not
 * typed, and the first answer's rate is the one kept.
 */
export function isSameCreate(
  saved: Expense,
  savedPayers: readonly StoredPayer[],
  savedShares: readonly StoredShare[],
  attempt: Attempt,
  shares: readonly NewShare[],
): boolean {
  const sameFields =
    saved.groupId === attempt.groupId &&
    saved.createdByMemberId === attempt.memberId &&
    payersKey(savedPayers) === payersKey(attempt.checkedPayers) &&
    saved.totalOre === attempt.totalOre &&
    saved.currency === attempt.currency &&
    saved.expenseDate === attempt.expenseDate &&
    saved.merchant === blankToNull(attempt.merchant) &&
    saved.category === attempt.category.trim() &&
    saved.note === blankToNull(attempt.note) &&
    saved.splitMethod === attempt.split.method &&
    imageIdOf(saved.imageKey) === attempt.imageId;
  if (!sameFields || savedShares.length !== shares.length) return false;
  const byMember = new Map(savedShares.map((share) => [share.memberId, share]));
  return shares.every((share) => {
    const stored = byMember.get(share.memberId);
    return stored !== undefined && stored.shareOre === share.shareOre && stored.shareInput === share.shareInput;
  });
}
