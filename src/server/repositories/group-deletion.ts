import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { expenses, groups, receiptUploads } from '../db/schema/index.ts';

const keysOf = (rows: ReadonlyArray<{ imageKey: string | null; thumbKey?: string | null }>) =>
  rows.flatMap((row) => [row.imageKey, row.thumbKey ?? null]).filter((key): key is string => key !== null);

/**
 * Deletes groups with everything in them (memberships, invites, expenses, shares, settlements cascade) inside the
 * caller's transaction, and answers the files they named: the group images, the expenses' images and thumbnails and
 * the receipt images uploaded there and not saved yet. The caller records them for deletion (decision 039).
 *
 * The groups are locked first, so an expense saved in one meanwhile either lands before its files are read or is
 * refused. Unsaved uploads are deleted here, not by the cascade, so their keys come from the statement that removes
 * the rows: an upload the sweep is taking at this moment is left to the sweep, and none is missed.
 */
export async function deleteGroupsWithFiles(
  tx: DbOrTx,
  which: { groupId: string } | { ownerId: string },
): Promise<string[]> {
  const where: SQL = 'groupId' in which ? eq(groups.id, which.groupId) : eq(groups.ownerId, which.ownerId);
  const locked = await tx.select({ id: groups.id, imageKey: groups.imageKey }).from(groups).where(where).for('update');
  if (locked.length === 0) return [];
  const ids = locked.map((group) => group.id);
  const files = await tx
    .select({ imageKey: expenses.imageKey, thumbKey: expenses.thumbKey })
    .from(expenses)
    .where(and(inArray(expenses.groupId, ids), or(isNotNull(expenses.imageKey), isNotNull(expenses.thumbKey))));
  const uploads = await tx
    .delete(receiptUploads)
    .where(inArray(receiptUploads.groupId, ids))
    .returning({ imageKey: receiptUploads.imageKey, thumbKey: receiptUploads.thumbKey });
  await tx.delete(groups).where(inArray(groups.id, ids));
  return [...keysOf(locked), ...keysOf(files), ...keysOf(uploads)];
}
