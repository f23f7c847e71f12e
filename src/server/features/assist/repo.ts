import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { convertOre } from '#shared/domain/currency.ts';
import type { SuggestHistoryEntry } from '#shared/domain/participant-suggest.ts';
import type { DbOrTx } from '../../db/client.ts';
import { groupMembers, receiptShares, receipts } from '../../db/schema/index.ts';

/** The group's current members in join order: the suggestion may only pick people who can still take part. */
export async function activeMemberIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt), isNotNull(groupMembers.userId)))
    .orderBy(asc(groupMembers.joinedAt));
  return rows.map((r) => r.id);
}

/** Every earlier expense of the group as the suggestion reads it: amounts in group-currency öre, oldest first. */
export async function suggestionHistory(db: DbOrTx, groupId: string): Promise<SuggestHistoryEntry[]> {
  const rows = await db
    .select({
      id: receipts.id,
      merchant: receipts.merchant,
      category: receipts.category,
      totalOre: receipts.totalOre,
      rateMicros: receipts.rateMicros,
      rateSource: receipts.rateSource,
      date: receipts.receiptDate,
      payer: receipts.payerMemberId,
      memberId: receiptShares.memberId,
    })
    .from(receipts)
    .innerJoin(receiptShares, eq(receiptShares.receiptId, receipts.id))
    .where(eq(receipts.groupId, groupId))
    .orderBy(asc(receipts.receiptDate), asc(receipts.createdAt), asc(receipts.id));
  const byReceipt = new Map<string, SuggestHistoryEntry & { participantIds: string[] }>();
  for (const row of rows) {
    let entry = byReceipt.get(row.id);
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
      byReceipt.set(row.id, entry);
    }
    entry.participantIds.push(row.memberId);
  }
  return [...byReceipt.values()];
}
