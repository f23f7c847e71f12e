import { asc, eq } from 'drizzle-orm';
import type { ExpenseItem, ExpenseSplitInput } from '#shared/api/expenses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { expenseItems, expenses } from '../../db/schema/index.ts';

/** An expense's receipt lines in their order; empty unless it is split "Per rad". */
export async function findItems(db: DbOrTx, expenseId: string): Promise<ExpenseItem[]> {
  const rows = await db
    .select({ text: expenseItems.text, amountOre: expenseItems.amountOre, memberIds: expenseItems.memberIds })
    .from(expenseItems)
    .where(eq(expenseItems.expenseId, expenseId))
    .orderBy(asc(expenseItems.position));
  return rows;
}

/**
 * Replaces an expense's lines with those of the split being saved, in the transaction that saves its shares: none
 * unless the split is "Per rad", so changing the method away from it removes them.
 */
export async function replaceItems(db: DbOrTx, expenseId: string, split: ExpenseSplitInput): Promise<void> {
  await db.delete(expenseItems).where(eq(expenseItems.expenseId, expenseId));
  const items = split.method === 'items' ? (split.items ?? []) : [];
  if (items.length === 0) return;
  await db.insert(expenseItems).values(
    items.map((item, position) => ({
      expenseId,
      position,
      text: item.text.trim(),
      amountOre: item.amountOre,
      memberIds: [...new Set(item.memberIds)],
    })),
  );
}

/** Every line of the group's expenses, by expense, in their order (the CSV's Rader column). */
export async function itemsOfGroup(db: DbOrTx, groupId: string): Promise<Map<string, ExpenseItem[]>> {
  const rows = await db
    .select({
      expenseId: expenseItems.expenseId,
      text: expenseItems.text,
      amountOre: expenseItems.amountOre,
      memberIds: expenseItems.memberIds,
    })
    .from(expenseItems)
    .innerJoin(expenses, eq(expenses.id, expenseItems.expenseId))
    .where(eq(expenses.groupId, groupId))
    .orderBy(asc(expenseItems.expenseId), asc(expenseItems.position));
  const byExpense = new Map<string, ExpenseItem[]>();
  for (const { expenseId, ...item } of rows) byExpense.set(expenseId, [...(byExpense.get(expenseId) ?? []), item]);
  return byExpense;
}
