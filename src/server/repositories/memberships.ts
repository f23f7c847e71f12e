import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import {
  expensePayers,
  expenseShares,
  expenses,
  groupMembers,
  groups,
  profiles,
  settlements,
} from '../db/schema/index.ts';

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;

const isPlaceholder = eq(groupMembers.kind, 'placeholder');

/**
 * A member who still takes part: not removed, and with an account (a deleted account leaves only a name) or a person
 * without an account, who takes part by name (decision 056).
 */
export const isActive = and(isNull(groupMembers.removedAt), or(isNotNull(groupMembers.userId), isPlaceholder));

/** The same rule for a membership already read. */
export const isActiveMember = (member: Pick<MemberRow, 'removedAt' | 'userId' | 'kind'>): boolean =>
  member.removedAt === null && (member.userId !== null || member.kind === 'placeholder');

/** The user's active membership of a group with the group row, or null when they are not in it (or it does not exist). */
export async function findActiveMembership(
  db: DbOrTx,
  groupId: string,
  userId: string,
): Promise<{ group: GroupRow; member: MemberRow } | null> {
  const query = prepared(db, 'active_membership', (d) =>
    d
      .select({ group: groups, member: groupMembers })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(
        and(
          eq(groupMembers.groupId, sql.placeholder('groupId')),
          eq(groupMembers.userId, sql.placeholder('userId')),
          isNull(groupMembers.removedAt),
        ),
      )
      .limit(1)
      .prepare('active_membership'),
  );
  const [row] = await query.execute({ groupId, userId });
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
  kind: MemberRow['kind'];
  /** Still takes part (isActive): can pay, share and be paid in new expenses. */
  active: boolean;
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
  const query = prepared(db, 'group_memberships', (d) =>
    d
      .select({
        member: groupMembers,
        profileName: profiles.name,
        avatarUrl: profiles.avatarUrl,
        phone: profiles.phone,
      })
      .from(groupMembers)
      .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
      .where(eq(groupMembers.groupId, sql.placeholder('groupId')))
      .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id))
      .prepare('group_memberships'),
  );
  const rows = await query.execute({ groupId });
  return rows.map(({ member, profileName, avatarUrl, phone }) => ({
    id: member.id,
    userId: member.userId,
    kind: member.kind,
    active: isActiveMember(member),
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

/** The people without an account in the group, in the order they were added: whose place a new member may take. */
export async function claimablePeople(db: DbOrTx, groupId: string): Promise<Array<{ memberId: string; name: string }>> {
  const rows = await db
    .select({ memberId: groupMembers.id, name: groupMembers.displayName })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        isPlaceholder,
        isNull(groupMembers.userId),
        isNull(groupMembers.removedAt),
      ),
    )
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
  return rows.map((row) => ({ memberId: row.memberId, name: row.name ?? '' }));
}

/**
 * The memberships among `memberIds` that something in a group points at: an expense paid or entered, a share, a
 * payment made or received. Those must stay for the group's arithmetic; the others may be deleted.
 */
export async function membershipsInUse(db: DbOrTx, memberIds: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  if (memberIds.length === 0) return used;
  // Every column that names a membership; who recorded a payment stays named on it (decision 059).
  const pointers = [
    [expenses, expenses.payerMemberId],
    [expenses, expenses.createdByMemberId],
    [expensePayers, expensePayers.memberId],
    [expenseShares, expenseShares.memberId],
    [settlements, settlements.fromMemberId],
    [settlements, settlements.toMemberId],
    [settlements, settlements.recordedByMemberId],
  ] as const;
  for (const [table, column] of pointers) {
    const rows = await db.select({ id: column }).from(table).where(inArray(column, memberIds));
    for (const row of rows) if (row.id) used.add(row.id);
  }
  return used;
}

/**
 * The group row locked FOR UPDATE until the transaction ends, with its owner's plan: every change of who is in one
 * group (joining, claiming a place, adding a person) runs behind this lock, so counting the members and adding one
 * cannot interleave with another.
 */
export async function lockGroup(tx: Tx, where: { id: string } | { inviteCode: string }) {
  const condition = 'id' in where ? eq(groups.id, where.id) : eq(groups.inviteCode, where.inviteCode);
  const [row] = await tx
    .select({
      id: groups.id,
      name: groups.name,
      ownerId: groups.ownerId,
      invitesEnabled: groups.invitesEnabled,
      plan: profiles.plan,
    })
    .from(groups)
    .leftJoin(profiles, eq(profiles.userId, groups.ownerId))
    .where(condition)
    .for('update', { of: groups });
  return row ?? null;
}

export type LockedGroup = NonNullable<Awaited<ReturnType<typeof lockGroup>>>;
