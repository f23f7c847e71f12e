import { and, eq, isNull } from 'drizzle-orm';
import { isUuid } from '#shared/api/ids.ts';
import type { DbOrTx } from '../db/client.ts';
import { groupMembers, groups } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;
export type Membership = { group: GroupRow; member: MemberRow; isOwner: boolean };

/**
 * The caller's active membership of a group, or NOT_FOUND — also when the group exists but the caller is not in it,
 * so a group id reveals nothing to outsiders. Every group-scoped route starts here.
 */
export async function requireMembership(db: DbOrTx, groupId: string, userId: string): Promise<Membership> {
  if (!isUuid(groupId)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .select({ group: groups, member: groupMembers })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), isNull(groupMembers.removedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { group: row.group, member: row.member, isOwner: row.group.ownerId === userId };
}

/** As requireMembership, and FORBIDDEN unless the caller owns the group (invites, removals, deletion). */
export async function requireOwner(db: DbOrTx, groupId: string, userId: string): Promise<Membership> {
  const membership = await requireMembership(db, groupId, userId);
  if (!membership.isOwner) throw new AppError('FORBIDDEN');
  return membership;
}

/** Lets services answer NOT_FOUND for an id that is not a uuid before the database rejects the cast. */
export { isUuid };
