import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { groupMembers, groups, invites } from '../../db/schema/index.ts';

export type InviteRow = typeof invites.$inferSelect;

/** The one link the owner's dialog shows: the newest that is neither revoked nor expired. */
export async function findActiveInvite(db: DbOrTx, groupId: string): Promise<InviteRow | null> {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.groupId, groupId), isNull(invites.revokedAt), gt(invites.expiresAt, sql`now()`)))
    .orderBy(desc(invites.createdAt))
    .limit(1);
  return row ?? null;
}

/** Decision 012: a new link replaces the previous ones, so every working link is the one the owner can see and revoke. */
export async function replaceInvite(
  db: DbOrTx,
  input: { groupId: string; token: string; createdByUserId: string; expiresAt: Date },
): Promise<InviteRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(invites)
      .set({ revokedAt: new Date() })
      .where(and(eq(invites.groupId, input.groupId), isNull(invites.revokedAt)));
    const [row] = await tx.insert(invites).values(input).returning();
    if (!row) throw new Error('invite not inserted');
    return row;
  });
}

export async function findInvite(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ invite: invites, groupName: groups.name, invitesEnabled: groups.invitesEnabled, ownerId: groups.ownerId })
    .from(invites)
    .innerJoin(groups, eq(groups.id, invites.groupId))
    .where(eq(invites.token, token));
  return row ?? null;
}

export async function revokeInvite(db: DbOrTx, inviteId: string): Promise<void> {
  await db
    .update(invites)
    .set({ revokedAt: new Date() })
    .where(and(eq(invites.id, inviteId), isNull(invites.revokedAt)));
}

export async function setInvitesEnabled(db: DbOrTx, groupId: string, enabled: boolean): Promise<void> {
  await db.update(groups).set({ invitesEnabled: enabled, updatedAt: new Date() }).where(eq(groups.id, groupId));
}

export async function lockInvite(tx: Tx, token: string): Promise<InviteRow | null> {
  const [row] = await tx.select().from(invites).where(eq(invites.token, token)).for('update');
  return row ?? null;
}

/** Adds the user, or gives a removed member their old membership back so their expenses are theirs again (decision 011). */
export async function addMember(
  tx: Tx,
  groupId: string,
  userId: string,
  previous: { id: string } | null,
): Promise<string> {
  if (previous) {
    await tx
      .update(groupMembers)
      .set({ removedAt: null, role: 'member', joinedAt: new Date() })
      .where(eq(groupMembers.id, previous.id));
    return previous.id;
  }
  const [member] = await tx.insert(groupMembers).values({ groupId, userId, role: 'member' }).returning({ id: groupMembers.id });
  if (!member) throw new Error('membership not inserted');
  return member.id;
}

/**
 * The user takes the place of a person without an account (decision 056): the same membership, so every expense,
 * share and payment already naming it is theirs. Conditional on the place still being unclaimed, so of two users
 * claiming it at once exactly one gets it; answers whether this one did.
 */
export async function claimPlace(tx: Tx, groupId: string, memberId: string, userId: string): Promise<boolean> {
  const claimed = await tx
    .update(groupMembers)
    .set({ userId, kind: 'account', displayName: null })
    .where(
      and(
        eq(groupMembers.id, memberId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.kind, 'placeholder'),
        isNull(groupMembers.userId),
        isNull(groupMembers.removedAt),
      ),
    )
    .returning({ id: groupMembers.id });
  return claimed.length === 1;
}

export async function countInviteUse(tx: Tx, inviteId: string): Promise<void> {
  await tx
    .update(invites)
    .set({ useCount: sql`${invites.useCount} + 1` })
    .where(eq(invites.id, inviteId));
}
