import type { ExpenseItem, ExpenseSplitInput } from '#shared/api/expenses.ts';
import { ore } from '#shared/domain/money.ts';
import { splitExpense } from '#shared/domain/split.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import type { NewShare } from './repo.ts';

/**
 * The shares of a split "Per rad" (decision 058), computed on the server from the lines with the function the
 * preview uses. Each participant must state the share the preview showed them; a different one is SPLIT_MISMATCH,
 * so nothing is saved that the person did not see. Everyone on a line must be a participant.
 */
export function itemizedShares(totalOre: number, split: ExpenseSplitInput, seed: string): NewShare[] {
  const participants = new Set(split.participants.map((p) => p.memberId));
  if (split.participants.some((p) => p.value === undefined))
    throw new AppError('VALIDATION', { 'split.participants': 'shareInvalid' });
  const lines = (split.items ?? []).map((item) => ({ amountOre: item.amountOre, memberIds: item.memberIds }));
  if (lines.some((line) => line.memberIds.some((memberId) => !participants.has(memberId))))
    throw new AppError('VALIDATION', { 'split.items': 'invalid' });
  const shares = unwrap(
    splitExpense({ method: 'items', total: ore(totalOre), participants: split.participants, lines, seed }),
  );
  return shares.map((share) => ({
    memberId: share.memberId,
    shareType: 'items',
    shareInput: null,
    shareOre: share.amount,
  }));
}

/** Lines belong to a split "Per rad" only: any other method sent with lines is refused rather than half saved. */
export function refuseStrayItems(split: ExpenseSplitInput): void {
  if (split.method !== 'items' && (split.items?.length ?? 0) > 0)
    throw new AppError('VALIDATION', { 'split.items': 'invalid' });
}

/** Whether the saved lines are the ones sent again (a repeated create, decision 053). */
export function sameItems(saved: readonly ExpenseItem[], split: ExpenseSplitInput): boolean {
  const sent = split.method === 'items' ? (split.items ?? []) : [];
  return (
    saved.length === sent.length &&
    saved.every((item, i) => {
      const other = sent[i];
      const takers = new Set(other?.memberIds ?? []);
      return (
        other !== undefined &&
        item.text === other.text.trim() &&
        item.amountOre === other.amountOre &&
        item.memberIds.length === takers.size &&
        item.memberIds.every((memberId) => takers.has(memberId))
      );
    })
  );
}
