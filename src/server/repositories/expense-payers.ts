import { eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { expensePayers, expenses } from '../db/schema/index.ts';

/**
 * Every payer row of the expenses that `where` (a condition on `expenses`) selects, for readers that convert foreign
 * expenses themselves: the statistics (decision 057).
 */
export async function payersOfExpenses(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      expenseId: expensePayers.expenseId,
      memberId: expensePayers.memberId,
      amountOre: expensePayers.amountOre,
    })
    .from(expensePayers)
    .innerJoin(expenses, eq(expenses.id, expensePayers.expenseId))
    .where(where);
}
