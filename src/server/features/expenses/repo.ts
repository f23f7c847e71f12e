import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Currency, RateMicros } from '#shared/domain/currency.ts';
import { ore } from '#shared/domain/money.ts';
import type { Ore } from '#shared/domain/money.ts';
import type { SplitMethod } from '#shared/domain/split.ts';
import type { RateSource } from '#shared/api/expenses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, groupMembers, groups, profiles, receiptShares, receipts } from '../../db/schema/index.ts';

export type Receipt = {
  id: string;
  groupId: string;
  payerMemberId: string;
  createdByMemberId: string;
  totalOre: Ore;
  currency: Currency;
  rateMicros: RateMicros;
  rateDate: string | null;
  rateSource: RateSource;
  receiptDate: string;
  merchant: string | null;
  category: string;
  note: string | null;
  splitMethod: SplitMethod;
  imageKey: string | null;
  thumbKey: string | null;
  createdAt: Date;
};

export type ReceiptListItem = Receipt & { payerName: string | null; participantCount: number };
export type StoredShare = { memberId: string; name: string | null; shareOre: Ore; shareInput: number | null };
export type GroupMember = { id: string; userId: string | null; name: string | null; active: boolean };
export type NewShare = { memberId: string; shareType: SplitMethod; shareInput: number | null; shareOre: Ore };

type ReceiptRow = typeof receipts.$inferSelect;

function toReceipt(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    groupId: row.groupId,
    payerMemberId: row.payerMemberId,
    createdByMemberId: row.createdByMemberId,
    totalOre: ore(row.totalOre),
    currency: row.currency as Currency,
    rateMicros: row.rateMicros,
    rateDate: row.rateDate,
    rateSource: row.rateSource,
    receiptDate: row.receiptDate,
    merchant: row.merchant,
    category: row.category,
    note: row.note,
    splitMethod: row.splitMethod,
    imageKey: row.imageKey,
    thumbKey: row.thumbKey,
    createdAt: row.createdAt,
  };
}

// A removed member's profile may be gone; the membership keeps the display name the group needs.
const memberName = sql<string | null>`coalesce(${profiles.name}, ${groupMembers.displayName})`;

/** Every membership of the group, removed ones included, so old receipts still name their people. */
export async function findGroupMembers(db: DbOrTx, groupId: string): Promise<GroupMember[]> {
  const rows = await db
    .select({ id: groupMembers.id, userId: groupMembers.userId, name: memberName, removedAt: groupMembers.removedAt })
    .from(groupMembers)
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt));
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    name: row.name,
    active: row.removedAt === null && row.userId !== null,
  }));
}

/** Where a page of the receipt list ended: the sort key of its last row, `savedAt` to the microsecond. */
export type ReceiptKey = { receiptDate: string; savedAt: string; id: string };
export type ReceiptFilter = { category?: string | undefined; hasImage?: boolean | undefined };
export type ReceiptPageItem = ReceiptListItem & { key: ReceiptKey };

// created_at to the microsecond in UTC: a JavaScript Date keeps milliseconds only, and a cursor rounded to them
// would repeat or skip receipts saved within the same millisecond.
const savedAtText = sql<string>`to_char(${receipts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const newestFirst = [desc(receipts.receiptDate), desc(receipts.createdAt), desc(receipts.id)] as const;

function selectReceipts(db: DbOrTx) {
  return db
    .select({
      receipt: receipts,
      savedAt: savedAtText,
      payerName: memberName,
      participantCount: sql<number>`(select count(*)::int from ${receiptShares} where ${receiptShares.receiptId} = ${receipts.id})`,
    })
    .from(receipts)
    .innerJoin(groupMembers, eq(groupMembers.id, receipts.payerMemberId))
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId));
}

function toListItem(row: Awaited<ReturnType<ReturnType<typeof selectReceipts>['execute']>>[number]): ReceiptPageItem {
  const receipt = toReceipt(row.receipt);
  return {
    ...receipt,
    payerName: row.payerName,
    participantCount: Number(row.participantCount),
    key: { receiptDate: receipt.receiptDate, savedAt: row.savedAt, id: receipt.id },
  };
}

/** Every receipt of the group newest first, with the payer's name and the number of participants (the CSV). */
export async function listReceipts(db: DbOrTx, groupId: string): Promise<ReceiptListItem[]> {
  const rows = await selectReceipts(db)
    .where(eq(receipts.groupId, groupId))
    .orderBy(...newestFirst);
  return rows.map(toListItem);
}

/**
 * Up to `limit` receipts newest first after `after` (keyset: the row comparison walks the group's date index and
 * stays as fast on the hundredth page as on the first; a receipt saved meanwhile sorts before the cursor or after it,
 * never into a page already read).
 */
export async function receiptPage(
  db: DbOrTx,
  groupId: string,
  options: { limit: number; after: ReceiptKey | null } & ReceiptFilter,
): Promise<ReceiptPageItem[]> {
  const { limit, after, category, hasImage } = options;
  const rows = await selectReceipts(db)
    .where(
      and(
        eq(receipts.groupId, groupId),
        category === undefined ? undefined : eq(receipts.category, category),
        hasImage === undefined ? undefined : hasImage ? isNotNull(receipts.imageKey) : isNull(receipts.imageKey),
        after
          ? sql`(${receipts.receiptDate}, ${receipts.createdAt}, ${receipts.id}) < (${after.receiptDate}::date, ${after.savedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toListItem);
}

/**
 * The distinct categories of the group's receipts, for the list's filter. A skip scan by hand over
 * receipts_group_category_idx: one index probe per category, where DISTINCT read every receipt of the group
 * (0.3 ms against 2.4 ms for 5,000 receipts).
 */
export async function receiptCategories(db: DbOrTx, groupId: string): Promise<string[]> {
  const result = await db.execute<{ category: string }>(sql`
    with recursive used(category) as (
      (select category from expenses where group_id = ${groupId} order by category limit 1)
      union all
      select (select r.category from expenses r
              where r.group_id = ${groupId} and r.category > used.category order by r.category limit 1)
      from used where used.category is not null
    )
    select category from used where category is not null`);
  return (result as unknown as { rows: Array<{ category: string }> }).rows.map((row) => row.category);
}

export async function findReceipt(db: DbOrTx, receiptId: string): Promise<Receipt | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, receiptId)).limit(1);
  return row ? toReceipt(row) : null;
}

/** A receipt's shares in the order members joined, with names. */
export async function findShares(db: DbOrTx, receiptId: string): Promise<StoredShare[]> {
  const rows = await db
    .select({
      memberId: receiptShares.memberId,
      name: memberName,
      shareOre: receiptShares.shareOre,
      shareInput: receiptShares.shareInput,
    })
    .from(receiptShares)
    .innerJoin(groupMembers, eq(groupMembers.id, receiptShares.memberId))
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(receiptShares.receiptId, receiptId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
  return rows.map((row) => ({ ...row, shareOre: ore(row.shareOre) }));
}

export type ReceiptValues = Omit<Receipt, 'createdAt' | 'createdByMemberId'>;

export async function insertReceipt(db: DbOrTx, values: ReceiptValues & { createdByMemberId: string }): Promise<void> {
  await db.insert(receipts).values(values);
}

export async function updateReceipt(
  db: DbOrTx,
  receiptId: string,
  values: Omit<ReceiptValues, 'id' | 'groupId'>,
): Promise<void> {
  await db
    .update(receipts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(receipts.id, receiptId));
}

/** Replaces every share of a receipt (SPEC §7: delete, then insert). */
export async function replaceShares(db: DbOrTx, receiptId: string, shares: readonly NewShare[]): Promise<void> {
  await db.delete(receiptShares).where(eq(receiptShares.receiptId, receiptId));
  await db.insert(receiptShares).values(shares.map((share) => ({ receiptId, ...share })));
}

export type ReceiptFiles = { imageKey: string | null; thumbKey: string | null };
const receiptFiles = { imageKey: receipts.imageKey, thumbKey: receipts.thumbKey };

/** The receipt's image files under a row lock, so an edit and a deletion at once agree on which files go. */
export async function lockReceiptFiles(db: DbOrTx, receiptId: string): Promise<ReceiptFiles | null> {
  const [row] = await db.select(receiptFiles).from(receipts).where(eq(receipts.id, receiptId)).for('update');
  return row ?? null;
}

/** Deletes the receipt (its shares cascade) and answers the files it named, from the statement that removed it. */
export async function deleteReceipt(db: DbOrTx, receiptId: string): Promise<ReceiptFiles | null> {
  const [row] = await db.delete(receipts).where(eq(receipts.id, receiptId)).returning(receiptFiles);
  return row ?? null;
}

export type AuditEntry = {
  groupId: string;
  actorId: string;
  entityId: string;
  action: 'created' | 'updated' | 'deleted';
  diff: Record<string, { from: unknown; to: unknown }>;
};

export async function insertAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    groupId: entry.groupId,
    actorId: entry.actorId,
    entityType: 'receipt',
    entityId: entry.entityId,
    action: entry.action,
    diffJson: entry.diff,
  });
}

/**
 * Whether the group is settled, read under a share lock inside the saving transaction, so a settlement that lands
 * between the first check and the insert cannot be overtaken by a change to its receipts.
 */
export async function isGroupSettledLocked(db: DbOrTx, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ isSettled: groups.isSettled })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('share');
  return row?.isSettled ?? true;
}

/**
 * Whether the group is settled and how many receipts it holds, read under a lock that new receipts of the group take
 * one after the other (and that a settlement's lock also waits for), so two saves cannot both take the last place
 * below the receipt limit of decision 036.
 */
export async function lockGroupForNewReceipt(
  db: DbOrTx,
  groupId: string,
): Promise<{ isSettled: boolean; receiptCount: number }> {
  const [row] = await db
    .select({ isSettled: groups.isSettled })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('no key update');
  const [counted] = await db.select({ value: count() }).from(receipts).where(eq(receipts.groupId, groupId));
  return { isSettled: row?.isSettled ?? true, receiptCount: counted?.value ?? 0 };
}

/** Names of each receipt's participants, in the order members joined, for the CSV's Deltagare column. */
export async function participantNames(db: DbOrTx, groupId: string): Promise<Map<string, Array<string | null>>> {
  const rows = await db
    .select({ receiptId: receiptShares.receiptId, name: memberName })
    .from(receiptShares)
    .innerJoin(receipts, eq(receipts.id, receiptShares.receiptId))
    .innerJoin(groupMembers, eq(groupMembers.id, receiptShares.memberId))
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(receipts.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
  const names = new Map<string, Array<string | null>>();
  for (const row of rows) names.set(row.receiptId, [...(names.get(row.receiptId) ?? []), row.name]);
  return names;
}
