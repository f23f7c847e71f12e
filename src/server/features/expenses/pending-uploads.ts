import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { receiptUploads } from '../../db/schema/index.ts';
import { deleteQueuedFiles, queueFileDeletions } from '../../lib/file-deletions.ts';
import type { FileDeletionDeps } from '../../lib/file-deletions.ts';

export type ImageFiles = { imageKey: string; thumbKey: string };

/** How long an image chosen in the wizard may wait for its expense before the sweep deletes it (decision 032). */
export const ABANDONED_AFTER_HOURS = 24;
const SWEEP_BATCH = 200;

const files = { imageKey: receiptUploads.imageKey, thumbKey: receiptUploads.thumbKey };
export const keysOf = (rows: ImageFiles[]) => rows.flatMap((row) => [row.imageKey, row.thumbKey]);

export async function recordUpload(
  db: DbOrTx,
  upload: ImageFiles & { imageId: string; groupId: string; uploadedByUserId: string },
): Promise<void> {
  await db.insert(receiptUploads).values(upload);
}

/** Whether the upload is still waiting in that group: false once attached, swept, or deleted with group or user. */
export async function isPending(db: DbOrTx, groupId: string, imageId: string): Promise<boolean> {
  const [row] = await db
    .select({ imageId: receiptUploads.imageId })
    .from(receiptUploads)
    .where(and(eq(receiptUploads.imageId, imageId), eq(receiptUploads.groupId, groupId)));
  return row !== undefined;
}

/**
 * Takes the upload for an expense inside the saving transaction: the row goes, its files now belong to the expense.
 * Null when it was never uploaded to this group or is already attached or swept; the row lock makes two saves of
 * the same image, or a save and the sweep, take it at most once.
 */
export async function claimUpload(db: DbOrTx, groupId: string, imageId: string): Promise<ImageFiles | null> {
  const [row] = await db
    .delete(receiptUploads)
    .where(and(eq(receiptUploads.imageId, imageId), eq(receiptUploads.groupId, groupId)))
    .returning(files);
  return row ?? null;
}

/** Removes one upload's row and records its files for deletion (decision 039); answers the recorded keys. */
export async function forgetUpload(db: DbOrTx, imageId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(receiptUploads).where(eq(receiptUploads.imageId, imageId)).returning(files);
    return queueFileDeletions(tx, row ? keysOf([row]) : []);
  });
}

/**
 * Deletes up to one batch of uploads older than the limit and answers their files. Rows locked by a save in progress
 * (or by another server process sweeping) are skipped, so every row is taken by exactly one of them.
 */
async function takeAbandoned(db: DbOrTx, limit: number): Promise<ImageFiles[]> {
  const due = db
    .select({ imageId: receiptUploads.imageId })
    .from(receiptUploads)
    .where(sql`${receiptUploads.createdAt} < now() - make_interval(hours => ${ABANDONED_AFTER_HOURS})`)
    .orderBy(receiptUploads.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.delete(receiptUploads).where(inArray(receiptUploads.imageId, due)).returning(files);
}

/**
 * Deletes every upload left unattached for more than a day: rows first, with their files recorded for deletion in
 * the same transaction, then the files, so an image is never deleted while an expense is taking it and none is
 * forgotten while the store is down (decision 039). Answers how many uploads went.
 */
export async function sweepAbandonedUploads(deps: FileDeletionDeps): Promise<number> {
  let swept = 0;
  for (;;) {
    const { count, keys } = await deps.db.transaction(async (tx) => {
      const batch = await takeAbandoned(tx, SWEEP_BATCH);
      return { count: batch.length, keys: await queueFileDeletions(tx, keysOf(batch)) };
    });
    await deleteQueuedFiles(deps, keys);
    swept += count;
    if (count < SWEEP_BATCH) return swept;
  }
}
