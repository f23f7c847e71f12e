import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { RATE_ONE } from '#shared/domain/currency.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { StatisticsReceipt, StatisticsTotals } from '#shared/domain/statistics.ts';
import type { DbOrTx } from '../../db/client.ts';
import { groupMembers, groups, receiptShares, receipts } from '../../db/schema/index.ts';
import { checkedSum } from '../../db/sums.ts';

/** The user's active membership of each receipt's group: only those groups count. */
const mineOf = (userId: string) =>
  and(eq(groupMembers.groupId, receipts.groupId), eq(groupMembers.userId, userId), isNull(groupMembers.removedAt));

/**
 * Receipts at rate 1 summed per group, month and category by the database, in exact numeric arithmetic read back as
 * checked safe integers (decision 036): only the user's own share and what they paid, and only receipts they paid or
 * share. A group of 100 000 receipts comes back as a few rows instead of every receipt and share.
 */
export async function statisticsTotals(db: DbOrTx, userId: string): Promise<StatisticsTotals[]> {
  const month = sql<string>`to_char(${receipts.receiptDate}, 'YYYY-MM')`;
  const paidByMe = eq(receipts.payerMemberId, groupMembers.id);
  const rows = await db
    .select({
      groupId: receipts.groupId,
      groupName: groups.name,
      groupCurrency: groups.currency,
      month,
      category: receipts.category,
      spentOre: checkedSum(sql`coalesce(${receiptShares.shareOre}, 0)`),
      paidOre: checkedSum(sql`case when ${paidByMe} then ${receipts.totalOre} else 0 end`),
      receiptCount: count(),
    })
    .from(receipts)
    .innerJoin(groups, eq(groups.id, receipts.groupId))
    .innerJoin(groupMembers, mineOf(userId))
    .leftJoin(receiptShares, and(eq(receiptShares.receiptId, receipts.id), eq(receiptShares.memberId, groupMembers.id)))
    .where(and(eq(receipts.rateMicros, RATE_ONE), or(paidByMe, sql`${receiptShares.memberId} is not null`)))
    .groupBy(receipts.groupId, groups.name, groups.currency, month, receipts.category);
  return rows.map((row) => ({ ...row, groupCurrency: row.groupCurrency as Currency }));
}

/**
 * Every receipt in another currency of the groups the user is an active member of, with all its shares: the user's
 * converted share depends on everyone's (conversion apportions the converted total), so these are summed in the domain.
 */
export async function statisticsReceipts(db: DbOrTx, userId: string): Promise<StatisticsReceipt[]> {
  const mine = mineOf(userId);
  const foreign = ne(receipts.rateMicros, RATE_ONE);
  const rows = await db
    .select({
      id: receipts.id,
      groupId: receipts.groupId,
      groupName: groups.name,
      groupCurrency: groups.currency,
      userMemberId: groupMembers.id,
      payerMemberId: receipts.payerMemberId,
      receiptDate: receipts.receiptDate,
      category: receipts.category,
      totalOre: receipts.totalOre,
      rateMicros: receipts.rateMicros,
    })
    .from(receipts)
    .innerJoin(groups, eq(groups.id, receipts.groupId))
    .innerJoin(groupMembers, mine)
    .where(foreign);
  const shares = await db
    .select({ receiptId: receiptShares.receiptId, memberId: receiptShares.memberId, shareOre: receiptShares.shareOre })
    .from(receiptShares)
    .innerJoin(receipts, eq(receipts.id, receiptShares.receiptId))
    .innerJoin(groupMembers, mine)
    .where(foreign);
  const byReceipt = new Map<string, Array<{ memberId: string; shareOre: number }>>();
  for (const share of shares) {
    const list = byReceipt.get(share.receiptId) ?? [];
    list.push({ memberId: share.memberId, shareOre: share.shareOre });
    byReceipt.set(share.receiptId, list);
  }
  return rows.map((row) => ({
    ...row,
    groupCurrency: row.groupCurrency as Currency,
    shares: byReceipt.get(row.id) ?? [],
  }));
}
