import type { ExpenseSnapshot } from '#shared/api/activity.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { DbOrTx } from '../db/client.ts';
import { groupEvents } from '../db/schema/index.ts';

/**
 * An event as stored (decision 062): people are membership ids, named only when the tab is read, so a renamed person
 * shows their new name and a deleted account shows as "Tidigare medlem" everywhere at once.
 */
export type StoredEvent =
  | { kind: 'expense_added'; expenseId: string; after: ExpenseSnapshot }
  | { kind: 'expense_changed'; expenseId: string; before: ExpenseSnapshot; after: ExpenseSnapshot }
  | { kind: 'expense_deleted'; expenseId: string; before: ExpenseSnapshot }
  | { kind: 'payment_recorded'; fromMemberId: string; toMemberId: string; amountOre: number; currency: Currency }
  | { kind: 'payment_deleted'; fromMemberId: string; toMemberId: string; amountOre: number; currency: Currency }
  | { kind: 'member_joined' }
  | { kind: 'member_left' }
  | { kind: 'member_removed'; memberId: string }
  | { kind: 'person_added'; name: string }
  | { kind: 'person_renamed'; from: string; to: string }
  | { kind: 'person_removed'; name: string }
  | { kind: 'person_claimed'; name: string }
  | { kind: 'group_renamed'; from: string; to: string }
  | { kind: 'group_settled' }
  | { kind: 'group_reopened' };

/** An expense's fields as the Händelser tab shows them. */
export function expenseSnapshot(expense: {
  merchant: string | null;
  totalOre: number;
  currency: string;
  expenseDate: string;
  category: string;
}): ExpenseSnapshot {
  return {
    merchant: expense.merchant,
    totalOre: expense.totalOre,
    currency: expense.currency as Currency,
    expenseDate: expense.expenseDate,
    category: expense.category,
  };
}

/** Whether an edit changed anything the tab shows; an edit of only the note or the split still counts as a change. */
export const sameSnapshot = (a: ExpenseSnapshot, b: ExpenseSnapshot): boolean =>
  a.merchant === b.merchant &&
  a.totalOre === b.totalOre &&
  a.currency === b.currency &&
  a.expenseDate === b.expenseDate &&
  a.category === b.category;

/**
 * Records what happened, in the transaction of the change itself, so the tab never shows a change that was rolled
 * back nor misses one that was saved. `actorMemberId` is the membership that did it (null: the server on its own).
 */
export async function recordEvent(
  tx: DbOrTx,
  groupId: string,
  actorMemberId: string | null,
  event: StoredEvent,
): Promise<void> {
  await tx.insert(groupEvents).values(eventRow(groupId, actorMemberId, event));
}

function eventRow(groupId: string, actorMemberId: string | null, event: StoredEvent) {
  const { kind, ...data } = event;
  const subjectMemberId = event.kind === 'member_removed' ? event.memberId : null;
  return { groupId, actorMemberId, kind, subjectMemberId, data };
}

/** As recordEvent, for many events of one change at once (an imported group's expenses), written in their order. */
export async function recordEvents(
  tx: DbOrTx,
  groupId: string,
  actorMemberId: string | null,
  events: ReadonlyArray<StoredEvent>,
): Promise<void> {
  for (let start = 0; start < events.length; start += 1000) {
    const rows = events.slice(start, start + 1000).map((event) => eventRow(groupId, actorMemberId, event));
    await tx.insert(groupEvents).values(rows);
  }
}
