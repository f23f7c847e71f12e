import { and, eq, isNull } from 'drizzle-orm';
import type { Currency } from '#shared/domain/currency.ts';
import type { StatisticsReceipt } from '#shared/domain/statistics.ts';
import type { DbOrTx } from '../../db/client.ts';
import { groupMembers, groups, receiptShares, receipts } from '../../db/schema/index.ts';

/** Every receipt of the groups the user is an active member of, with all its shares (conversion needs them all). */
export async function statisticsReceipts(db: DbOrTx, userId: string): Promise<StatisticsReceipt[]> {
  const mine = and(
    eq(groupMembers.groupId, receipts.groupId),
    eq(groupMembers.userId, userId),
    isNull(groupMembers.removedAt),
  );
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
    .innerJoin(groupMembers, mine);
  const shares = await db
    .select({ receiptId: receiptShares.receiptId, memberId: receiptShares.memberId, shareOre: receiptShares.shareOre })
    .from(receiptShares)
    .innerJoin(receipts, eq(receipts.id, receiptShares.receiptId))
    .innerJoin(groupMembers, mine);
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
