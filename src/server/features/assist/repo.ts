import { asc, eq } from 'drizzle-orm';
import { convertOre } from '#shared/domain/currency.ts';
import type { SuggestHistoryEntry } from '#shared/domain/participant-suggest.ts';
import type { DbOrTx } from '../../db/client.ts';
import { expenseShares, expenses } from '../../db/schema/index.ts';

/** Every earlier expense of the group as the suggestion reads it: amounts in group-currency öre, oldest first. */
export async function suggestionHistory(db: DbOrTx, groupId: string): Promise<SuggestHistoryEntry[]> {
  const rows = await db
    .select({
      id: expenses.id,
      merchant: expenses.merchant,
      category: expenses.category,
      totalOre: expenses.totalOre,
      rateMicros: expenses.rateMicros,
      rateSource: expenses.rateSource,
      date: expenses.expenseDate,
      payer: expenses.payerMemberId,
      memberId: expenseShares.memberId,
    })
    .from(expenses)
    .innerJoin(expenseShares, eq(expenseShares.expenseId, expenses.id))
    .where(eq(expenses.groupId, groupId))
    .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt), asc(expenses.id));
  const byExpense = new Map<string, SuggestHistoryEntry & { participantIds: string[] }>();
  for (const row of rows) {
    let entry = byExpense.get(row.id);
    if (!entry) {
      entry = {
        merchant: row.merchant,
        category: row.category,
        // Saved at 1 when no rate was known (decision 035): its amount in the group currency is unknown, so 0.
        amount: row.rateSource === 'fallback' ? 0 : convertOre(row.totalOre, row.rateMicros),
        date: row.date,
        payerId: row.payer,
        participantIds: [],
      };
      byExpense.set(row.id, entry);
    }
    entry.participantIds.push(row.memberId);
  }
  return [...byExpense.values()];
}
