import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Frequency } from '#shared/domain/recurrence.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  groupMembers,
  groups,
  profiles,
  recurringExpenses,
  recurringOccurrences,
  users,
} from '../../db/schema/index.ts';

export type SeriesRow = typeof recurringExpenses.$inferSelect & { frequency: Frequency };

/** The series and the user it creates occurrences for (null once that membership has no account or was removed). */
export type DueSeries = {
  series: SeriesRow;
  groupCurrency: string;
  creator: { userId: string; name: string } | null;
};

export async function insertSeries(tx: DbOrTx, values: typeof recurringExpenses.$inferInsert): Promise<SeriesRow> {
  const [row] = await tx.insert(recurringExpenses).values(values).returning();
  if (!row) throw new Error('series not inserted');
  return row;
}

export async function findSeries(db: DbOrTx, seriesId: string): Promise<SeriesRow | null> {
  const [row] = await db.select().from(recurringExpenses).where(eq(recurringExpenses.id, seriesId));
  return row ?? null;
}

/** The series whose expense `expenseId` is, if any: a repeated create of the same first expense finds its series. */
export async function findSeriesOfExpense(db: DbOrTx, expenseId: string): Promise<SeriesRow | null> {
  const [row] = await db
    .select({ series: recurringExpenses })
    .from(recurringOccurrences)
    .innerJoin(recurringExpenses, eq(recurringExpenses.id, recurringOccurrences.seriesId))
    .where(eq(recurringOccurrences.expenseId, expenseId));
  return row?.series ?? null;
}

/** Series with an occurrence due by `today`, earliest first: candidates, each claimed later with lockDueSeries. */
export async function dueSeriesIds(
  db: DbOrTx,
  today: string,
  limit: number,
  filter: { only?: string | undefined; except?: string[] } = {},
): Promise<string[]> {
  const rows = await db
    .select({ id: recurringExpenses.id })
    .from(recurringExpenses)
    .where(
      and(
        isNotNull(recurringExpenses.nextDate),
        lte(recurringExpenses.nextDate, today),
        filter.only ? eq(recurringExpenses.id, filter.only) : undefined,
        filter.except?.length ? notInArray(recurringExpenses.id, filter.except) : undefined,
      ),
    )
    .orderBy(asc(recurringExpenses.nextDate))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The series and its group's currency, read without a lock to look up a rate before the transaction. */
export async function findSeriesWithCurrency(db: DbOrTx, seriesId: string) {
  const [row] = await db
    .select({ series: recurringExpenses, groupCurrency: groups.currency })
    .from(recurringExpenses)
    .innerJoin(groups, eq(groups.id, recurringExpenses.groupId))
    .where(eq(recurringExpenses.id, seriesId));
  return row ?? null;
}

/**
 * Takes a due series for this transaction, or null when it is no longer due or another process holds it right now
 * (SKIP LOCKED: that process creates the occurrence; this one moves on).
 */
export async function lockDueSeries(tx: DbOrTx, seriesId: string, today: string): Promise<DueSeries | null> {
  const [row] = await tx
    .select({ series: recurringExpenses, groupCurrency: groups.currency })
    .from(recurringExpenses)
    .innerJoin(groups, eq(groups.id, recurringExpenses.groupId))
    .where(
      and(
        eq(recurringExpenses.id, seriesId),
        isNotNull(recurringExpenses.nextDate),
        lte(recurringExpenses.nextDate, today),
      ),
    )
    .for('update', { of: recurringExpenses, skipLocked: true });
  if (!row) return null;
  const [creator] = await tx
    .select({ userId: users.id, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.id, row.series.createdByMemberId), isNull(groupMembers.removedAt)));
  return { series: row.series, groupCurrency: row.groupCurrency, creator: creator ?? null };
}

/** Claims an occurrence date; false when it was already created or skipped (the primary key decides). */
export async function claimOccurrence(tx: DbOrTx, seriesId: string, date: string): Promise<boolean> {
  const rows = await tx
    .insert(recurringOccurrences)
    .values({ seriesId, occurrenceDate: date, outcome: 'created' })
    .onConflictDoNothing()
    .returning({ seriesId: recurringOccurrences.seriesId });
  return rows.length === 1;
}

export async function settleOccurrence(
  tx: DbOrTx,
  seriesId: string,
  date: string,
  result: { expenseId: string } | { skipped: string },
): Promise<void> {
  await tx
    .update(recurringOccurrences)
    .set('expenseId' in result ? { expenseId: result.expenseId } : { outcome: 'skipped', reason: result.skipped })
    .where(and(eq(recurringOccurrences.seriesId, seriesId), eq(recurringOccurrences.occurrenceDate, date)));
}

export async function updateSeries(
  tx: DbOrTx,
  seriesId: string,
  values: Partial<typeof recurringExpenses.$inferInsert>,
): Promise<SeriesRow | null> {
  const [row] = await tx
    .update(recurringExpenses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(recurringExpenses.id, seriesId))
    .returning();
  return row ?? null;
}

/** Locks one series for a change by a member; null when it does not exist. */
export async function lockSeries(tx: DbOrTx, seriesId: string): Promise<SeriesRow | null> {
  const [row] = await tx.select().from(recurringExpenses).where(eq(recurringExpenses.id, seriesId)).for('update');
  return row ?? null;
}

/** The group's series, the newest first, with the expenses each created that still exist and its last skipped date. */
export async function seriesOfGroup(db: DbOrTx, groupId: string, seriesId?: string) {
  const rows = await db
    .select()
    .from(recurringExpenses)
    .where(and(eq(recurringExpenses.groupId, groupId), seriesId ? eq(recurringExpenses.id, seriesId) : undefined))
    .orderBy(desc(recurringExpenses.createdAt), desc(recurringExpenses.id));
  if (rows.length === 0) return [];
  const occurrences = await db
    .select({
      seriesId: recurringOccurrences.seriesId,
      date: recurringOccurrences.occurrenceDate,
      expenseId: recurringOccurrences.expenseId,
      outcome: recurringOccurrences.outcome,
      reason: recurringOccurrences.reason,
    })
    .from(recurringOccurrences)
    .where(
      inArray(
        recurringOccurrences.seriesId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(recurringOccurrences.occurrenceDate));
  return rows.map((series) => {
    const mine = occurrences.filter((o) => o.seriesId === series.id);
    const skipped = mine.find((o) => o.outcome === 'skipped');
    return {
      series,
      expenseIds: mine.flatMap((o) => (o.expenseId ? [o.expenseId] : [])),
      lastSkipped: skipped ? { date: skipped.date, reason: skipped.reason ?? 'INTERNAL' } : null,
    };
  });
}

/** Series started by these memberships, which go with an account (decision 061); their expenses stay. */
export async function deleteSeriesCreatedBy(tx: DbOrTx, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.delete(recurringExpenses).where(inArray(recurringExpenses.createdByMemberId, memberIds));
}

/** Names of a group's memberships by id, removed ones included, for the payer shown on a series. */
export async function memberNames(db: DbOrTx, memberIds: string[]): Promise<Map<string, string | null>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: groupMembers.id,
      name: sql<string | null>`coalesce(${profiles.name}, ${groupMembers.displayName})`,
    })
    .from(groupMembers)
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(inArray(groupMembers.id, memberIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function userName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
