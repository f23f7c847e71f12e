import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { RATE_ONE } from '#shared/domain/currency.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { StatisticsExpense, StatisticsTotals } from '#shared/domain/statistics.ts';
import type { DbOrTx } from '../../db/client.ts';
import { expensePayers, expenseShares, expenses, groupMembers, groups } from '../../db/schema/index.ts';
import { checkedSum } from '../../db/sums.ts';
import { payersOfExpenses } from '../../repositories/expense-payers.ts';

/** The user's active membership of each expense's group: only those groups count. */
const mineOf = (userId: string) =>
  and(eq(groupMembers.groupId, expenses.groupId), eq(groupMembers.userId, userId), isNull(groupMembers.removedAt));

/**
 * Expenses at rate 1 summed per group, month and category by the database, in exact numeric arithmetic read back as
 * checked safe integers (decision 036): only the user's own share and what they paid of it (one of several payers
 * counts only their part, decision 057), and only expenses they paid or share. A group of 100 000 expenses comes back as a few rows instead of every expense and share.
 */
export async function statisticsTotals(db: DbOrTx, userId: string): Promise<StatisticsTotals[]> {
  const month = sql<string>`to_char(${expenses.expenseDate}, 'YYYY-MM')`;
  const rows = await db
    .select({
      groupId: expenses.groupId,
      groupName: groups.name,
      groupCurrency: groups.currency,
      month,
      category: expenses.category,
      spentOre: checkedSum(sql`coalesce(${expenseShares.shareOre}, 0)`),
      paidOre: checkedSum(sql`coalesce(${expensePayers.amountOre}, 0)`),
      expenseCount: count(),
    })
    .from(expenses)
    .innerJoin(groups, eq(groups.id, expenses.groupId))
    .innerJoin(groupMembers, mineOf(userId))
    .leftJoin(expenseShares, and(eq(expenseShares.expenseId, expenses.id), eq(expenseShares.memberId, groupMembers.id)))
    .leftJoin(expensePayers, and(eq(expensePayers.expenseId, expenses.id), eq(expensePayers.memberId, groupMembers.id)))
    .where(
      and(
        eq(expenses.rateMicros, RATE_ONE),
        or(sql`${expensePayers.memberId} is not null`, sql`${expenseShares.memberId} is not null`),
      ),
    )
    .groupBy(expenses.groupId, groups.name, groups.currency, month, expenses.category);
  return rows.map((row) => ({ ...row, groupCurrency: row.groupCurrency as Currency }));
}

/**
 * Every expense in another currency of the groups the user is an active member of, with all its shares: the user's
 * converted share depends on everyone's (conversion apportions the converted total), so these are summed in the domain.
 */
export async function statisticsExpenses(db: DbOrTx, userId: string): Promise<StatisticsExpense[]> {
  const mine = mineOf(userId);
  const foreign = ne(expenses.rateMicros, RATE_ONE);
  const rows = await db
    .select({
      id: expenses.id,
      groupId: expenses.groupId,
      groupName: groups.name,
      groupCurrency: groups.currency,
      userMemberId: groupMembers.id,
      expenseDate: expenses.expenseDate,
      category: expenses.category,
      totalOre: expenses.totalOre,
      rateMicros: expenses.rateMicros,
    })
    .from(expenses)
    .innerJoin(groups, eq(groups.id, expenses.groupId))
    .innerJoin(groupMembers, mine)
    .where(foreign);
  const shares = await db
    .select({ expenseId: expenseShares.expenseId, memberId: expenseShares.memberId, shareOre: expenseShares.shareOre })
    .from(expenseShares)
    .innerJoin(expenses, eq(expenses.id, expenseShares.expenseId))
    .innerJoin(groupMembers, mine)
    .where(foreign);
  const mineExists = sql`exists (select 1 from ${groupMembers} where ${mine})`;
  const payers = await payersOfExpenses(db, and(foreign, mineExists));
  const byExpense = new Map<string, Array<{ memberId: string; shareOre: number }>>();
  for (const share of shares) {
    const list = byExpense.get(share.expenseId) ?? [];
    list.push({ memberId: share.memberId, shareOre: share.shareOre });
    byExpense.set(share.expenseId, list);
  }
  const payersOf = new Map<string, Array<{ memberId: string; amountOre: number }>>();
  for (const payer of payers) {
    const list = payersOf.get(payer.expenseId) ?? [];
    list.push({ memberId: payer.memberId, amountOre: payer.amountOre });
    payersOf.set(payer.expenseId, list);
  }
  return rows.map((row) => ({
    ...row,
    groupCurrency: row.groupCurrency as Currency,
    payers: payersOf.get(row.id) ?? [],
    shares: byExpense.get(row.id) ?? [],
  }));
}
