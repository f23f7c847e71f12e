import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { groupMembers, groups, profiles } from '../db/schema/index.ts';

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;

/** A member who still takes part: not removed, and with an account (a deleted account leaves only a name). */
const isActive = and(isNull(groupMembers.removedAt), isNotNull(groupMembers.userId));

/** The user's active membership of a group with the group row, or null when they are not in it (or it does not exist). */
export async function findActiveMembership(
  db: DbOrTx,
  groupId: string,
  userId: string,
): Promise<{ group: GroupRow; member: MemberRow } | null> {
  const [row] = await db
    .select({ group: groups, member: groupMembers })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), isNull(groupMembers.removedAt)))
    .limit(1);
  return row ?? null;
}

/** The user's membership of a group, active or removed; null when they never were a member. */
export async function findMembership(db: DbOrTx, groupId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row ?? null;
}

/** A membership as the group shows it, with the person's name, avatar and phone from their profile. */
export type GroupMembership = {
  id: string;
  userId: string | null;
  role: MemberRow['role'];
  joinedAt: Date;
  removedAt: Date | null;
  name: string | null;
  avatarUrl: string | null;
  phone: string | null;
};

/**
 * Every membership of the group, removed ones included (old expenses and balances still name their people), oldest
 * first. The name is the person's current one while the account exists (people rename themselves), the snapshot kept
 * at removal after it is gone; avatar and phone only while it exists.
 */
export async function listGroupMemberships(db: DbOrTx, groupId: string): Promise<GroupMembership[]> {
  const rows = await db
    .select({ member: groupMembers, profileName: profiles.name, avatarUrl: profiles.avatarUrl, phone: profiles.phone })
    .from(groupMembers)
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
  return rows.map(({ member, profileName, avatarUrl, phone }) => ({
    id: member.id,
    userId: member.userId,
    role: member.role,
    joinedAt: member.joinedAt,
    removedAt: member.removedAt,
    name: profileName ?? member.displayName,
    avatarUrl: member.userId ? (avatarUrl ?? null) : null,
    phone: member.userId ? (phone ?? null) : null,
  }));
}

/** The ids of the group's active members in join order: the people who can still take part in an expense. */
export async function activeMemberIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), isActive))
    .orderBy(asc(groupMembers.joinedAt));
  return rows.map((r) => r.id);
}

/** How many active members the group has, the owner included: what the plan's member cap counts. */
export async function countActiveMembers(db: DbOrTx, groupId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), isActive));
  return row?.value ?? 0;
}

/** The user's active memberships with each group's name and currency, for what they owe across groups. */
export async function activeMembershipsOf(
  db: DbOrTx,
  userId: string,
): Promise<Array<{ memberId: string; group: Pick<GroupRow, 'id' | 'name' | 'currency'> }>> {
  return db
    .select({ memberId: groupMembers.id, group: { id: groups.id, name: groups.name, currency: groups.currency } })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), isNull(groupMembers.removedAt)));
}
