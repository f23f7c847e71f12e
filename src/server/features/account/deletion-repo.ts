import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  collaborationRequests,
  groupMembers,
  newsletterSubscriptions,
  rateLimits,
  expenseItems,
  expenseShares,
  receiptUploads,
  recurringExpenses,
  expenses,
  users,
  verifications,
} from '../../db/schema/index.ts';
import { queueFileDeletions } from '../../lib/file-deletions.ts';
import { deleteGroupsWithFiles } from '../../repositories/group-deletion.ts';
import { membershipsInUse } from '../../repositories/memberships.ts';

const keysOf = (rows: Array<{ imageKey: string | null; thumbKey?: string | null }>) =>
  rows.flatMap((row) => [row.imageKey, row.thumbKey ?? null]).filter((key): key is string => key !== null);

const uploadFiles = { imageKey: receiptUploads.imageKey, thumbKey: receiptUploads.thumbKey };

/**
 * Receipt images not yet saved (decision 032) that the user uploaded to groups of others; those in owned groups went
 * with the groups. Deleted here, not by the cascade, so the keys come from the statement that removes the rows.
 */
async function deletePendingUploads(tx: DbOrTx, userId: string): Promise<string[]> {
  return keysOf(
    await tx.delete(receiptUploads).where(eq(receiptUploads.uploadedByUserId, userId)).returning(uploadFiles),
  );
}

/**
 * In groups of others, the expenses the user uploaded lose their image and note, but keep amount, payer and
 * shares: deleting them would change what the other members owe each other (decision 026).
 */
async function stripUploadedExpenses(tx: DbOrTx, memberIds: string[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  // Locked, so an edit replacing one of these images meanwhile cannot leave its new file unnamed.
  const uploaded = await tx
    .select({ id: expenses.id, imageKey: expenses.imageKey, thumbKey: expenses.thumbKey })
    .from(expenses)
    .where(inArray(expenses.createdByMemberId, memberIds))
    .for('update');
  if (uploaded.length === 0) return [];
  const ids = uploaded.map((r) => r.id);
  await tx
    .update(expenses)
    .set({ imageKey: null, thumbKey: null, note: null, updatedAt: new Date() })
    .where(inArray(expenses.id, ids));
  await dropItems(tx, ids);
  return keysOf(uploaded);
}

/**
 * The receipt's lines are the uploader's as the photo is: they go, and an expense split "Per rad" keeps each share as
 * an exact amount, so nobody's balance moves and its payer can still edit it (decision 058).
 */
async function dropItems(tx: DbOrTx, expenseIds: string[]): Promise<void> {
  const itemized = await tx
    .update(expenses)
    .set({ splitMethod: 'absolute' })
    .where(and(inArray(expenses.id, expenseIds), eq(expenses.splitMethod, 'items')))
    .returning({ id: expenses.id });
  if (itemized.length === 0) return;
  const ids = itemized.map((row) => row.id);
  await tx
    .update(expenseShares)
    .set({ shareType: 'absolute', shareInput: expenseShares.shareOre })
    .where(inArray(expenseShares.expenseId, ids));
  await tx.delete(expenseItems).where(inArray(expenseItems.expenseId, ids));
}

/** Memberships nothing points at are deleted; the others stay for the group's arithmetic, with no trace of the person. */
async function releaseMemberships(tx: DbOrTx, memberIds: string[], formerName: string): Promise<void> {
  if (memberIds.length === 0) return;
  const pointedAt = await membershipsInUse(tx, memberIds);
  const kept = memberIds.filter((id) => pointedAt.has(id));
  const unused = memberIds.filter((id) => !pointedAt.has(id));
  if (unused.length) await tx.delete(groupMembers).where(inArray(groupMembers.id, unused));
  if (kept.length) {
    await tx
      .update(groupMembers)
      .set({ userId: null, displayName: formerName, removedAt: sql`coalesce(${groupMembers.removedAt}, now())` })
      .where(inArray(groupMembers.id, kept));
  }
}

/** Rows keyed by the e-mail rather than the user id: sign-ups, requests, rate-limit counters, reset tokens. */
async function deleteByEmail(tx: DbOrTx, userId: string, email: string): Promise<void> {
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  await tx.delete(collaborationRequests).where(eq(collaborationRequests.email, email));
  await tx.delete(rateLimits).where(sql`strpos(lower(${rateLimits.key}), ${email}) > 0`);
  await tx
    .delete(verifications)
    .where(or(eq(verifications.value, userId), sql`strpos(lower(${verifications.identifier}), ${email}) > 0`));
}

/**
 * Deletes the account and everything of the user's (decision 026) inside the caller's transaction, recording the
 * files that must go in it too (decision 039). Returns their keys, to delete once the transaction has committed, or
 * null when there is no such user.
 */
export async function deleteAccountData(tx: DbOrTx, userId: string, formerName: string): Promise<string[] | null> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  // Owned groups go with everything in them, including images anyone uploaded there and has not saved yet.
  const files = await deleteGroupsWithFiles(tx, { ownerId: userId });
  files.push(...(await deletePendingUploads(tx, userId)));
  // What is left are memberships in groups of others (the owned groups took theirs with them).
  const elsewhere = await tx.select({ id: groupMembers.id }).from(groupMembers).where(eq(groupMembers.userId, userId));
  const memberIds = elsewhere.map((m) => m.id);
  files.push(...(await stripUploadedExpenses(tx, memberIds)));
  // Recurring expenses the user started stop with the account (decision 061); the expenses they made stay.
  if (memberIds.length) await tx.delete(recurringExpenses).where(inArray(recurringExpenses.createdByMemberId, memberIds));
  await releaseMemberships(tx, memberIds, formerName);
  await tx.delete(auditLog).where(eq(auditLog.actorId, userId));
  await deleteByEmail(tx, userId, user.email.toLowerCase());
  // Sessions, logins and the profile go with the user row (on delete cascade).
  await tx.delete(users).where(eq(users.id, userId));
  return queueFileDeletions(tx, files);
}
