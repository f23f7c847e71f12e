import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { GroupDetail, GroupSummary, Member } from '#shared/api/groups.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { safeIntegerOf } from '../../db/sums.ts';
import { groupMembers, groups, profiles } from '../../db/schema/index.ts';
import { queueFileDeletions } from '../../lib/file-deletions.ts';
import { deleteGroupsWithFiles } from '../../repositories/group-deletion.ts';
import { listGroupMemberships } from '../../repositories/memberships.ts';

type GroupRow = typeof groups.$inferSelect;

// Active as isActive in repositories/memberships.ts: people without an account take part too (decision 056).
const activeMembers = sql<number>`(select count(*) from group_members m
  where m.group_id = ${groups.id} and m.removed_at is null
  and (m.user_id is not null or m.kind = 'placeholder'))`.mapWith(Number);
const expenseCount = sql<number>`(select count(*) from expenses r where r.group_id = ${groups.id})`.mapWith(Number);
// Each expense converted at its own stored rate and rounded half away from zero, as convertOre does in the domain.
const totalSpent = sql<number>`(select coalesce(sum(round(r.total_ore::numeric * r.rate_micros / 1000000)), 0)
  from expenses r where r.group_id = ${groups.id})`.mapWith(safeIntegerOf);
const lastChange = sql<Date>`greatest(${groups.updatedAt},
  (select max(r.updated_at) from expenses r where r.group_id = ${groups.id}),
  (select max(m.joined_at) from group_members m where m.group_id = ${groups.id}))`.mapWith(groups.updatedAt);

/** The group image's member-only URL; the key's last part is unique per upload, so it doubles as a cache buster. */
export function imageUrlOf(group: Pick<GroupRow, 'id' | 'imageKey'>): string | null {
  if (!group.imageKey) return null;
  const version = group.imageKey.split('/').at(-1)?.split('.')[0] ?? '';
  return `/api/groups/${group.id}/image?v=${version}`;
}

function selectGroupsOf(db: DbOrTx, userId: string, groupId?: string) {
  return db
    .select({
      group: groups,
      role: groupMembers.role,
      myMemberId: groupMembers.id,
      memberCount: activeMembers,
      expenseCount,
      totalSpentOre: totalSpent,
      updatedAt: lastChange,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        isNull(groupMembers.removedAt),
        groupId ? eq(groups.id, groupId) : undefined,
      ),
    );
}

type GroupQueryRow = Awaited<ReturnType<typeof selectGroupsOf>>[number];

function toSummary(row: GroupQueryRow, userId: string): GroupSummary {
  const { group } = row;
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    imageUrl: imageUrlOf(group),
    currency: group.currency as Currency,
    role: row.role,
    isOwner: group.ownerId === userId,
    memberCount: row.memberCount,
    expenseCount: row.expenseCount,
    totalSpentOre: row.totalSpentOre,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every group the user is an active member of, most recently changed first. */
export async function listGroupsOf(db: DbOrTx, userId: string): Promise<GroupSummary[]> {
  const rows = await selectGroupsOf(db, userId).orderBy(desc(lastChange), asc(groups.name));
  return rows.map((row) => toSummary(row, userId));
}

/** One group as its member sees it, or null when the user is not an active member. */
export async function findGroupOf(db: DbOrTx, userId: string, groupId: string): Promise<GroupDetail | null> {
  const [row] = await selectGroupsOf(db, userId, groupId);
  if (!row) return null;
  return {
    ...toSummary(row, userId),
    isSettled: row.group.isSettled,
    invitesEnabled: row.group.invitesEnabled,
    myMemberId: row.myMemberId,
    createdAt: row.group.createdAt.toISOString(),
  };
}

/** Ids of the groups a user is an active member of: what the live event stream may tell them about. */
export async function groupIdsOf(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), isNull(groupMembers.removedAt)));
  return new Set(rows.map((row) => row.groupId));
}

/** Inserts the group and its owner's membership; null when the code is already taken (the caller draws another). */
export async function insertGroupWithOwner(
  db: DbOrTx,
  input: { name: string; description: string | null; currency: Currency; ownerId: string; inviteCode: string },
): Promise<GroupRow | null> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values(input)
      .onConflictDoNothing({ target: groups.inviteCode })
      .returning();
    if (!group) return null;
    await tx.insert(groupMembers).values({ groupId: group.id, userId: input.ownerId, role: 'owner' });
    return group;
  });
}

export async function updateGroup(
  db: DbOrTx,
  groupId: string,
  changes: { name?: string; description?: string | null; imageKey?: string | null },
) {
  await db
    .update(groups)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(groups.id, groupId));
}

/**
 * Sets or clears the group image under a row lock, so of two images set at once neither file is forgotten, and
 * records the file it replaces for deletion (decision 039). When the group is gone, the new file is recorded instead.
 * Answers whether the group was found and the keys recorded, to delete after the commit.
 */
export async function setImageKey(
  db: DbOrTx,
  groupId: string,
  imageKey: string | null,
): Promise<{ found: boolean; unlinked: string[] }> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ imageKey: groups.imageKey })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) return { found: false, unlinked: await queueFileDeletions(tx, [imageKey]) };
    if (group.imageKey === imageKey) return { found: true, unlinked: [] };
    await tx.update(groups).set({ imageKey, updatedAt: new Date() }).where(eq(groups.id, groupId));
    return { found: true, unlinked: await queueFileDeletions(tx, [group.imageKey]) };
  });
}

/** Deletes the group with everything in it and records its files for deletion (decision 039); answers their keys. */
export async function deleteGroup(db: DbOrTx, groupId: string): Promise<string[]> {
  return db.transaction(async (tx) => queueFileDeletions(tx, await deleteGroupsWithFiles(tx, { groupId })));
}

/** Every membership of the group, removed ones included: owner first, then by joining order. */
export async function listMembers(db: DbOrTx, groupId: string, viewerId: string): Promise<Member[]> {
  const memberships = await listGroupMemberships(db, groupId);
  // A stable sort keeps the joining order behind the owner.
  return memberships
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'))
    .map((member) => ({
      id: member.id,
      userId: member.userId,
      kind: member.kind,
      name: member.name,
      avatarUrl: member.avatarUrl,
      role: member.role,
      joinedAt: member.joinedAt.toISOString(),
      removedAt: member.removedAt?.toISOString() ?? null,
      isMe: member.userId === viewerId,
    }));
}

export async function findMember(db: DbOrTx, groupId: string, memberId: string) {
  const [row] = await db
    .select({ member: groupMembers, profileName: profiles.name })
    .from(groupMembers)
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.id, memberId)));
  return row ?? null;
}

/**
 * Soft removal: the membership stays so expenses, shares and settlements keep pointing at it and every balance stays
 * whole; the name is kept as a snapshot for when the account is later deleted.
 */
export async function markMemberRemoved(db: DbOrTx, memberId: string, displayName: string | null) {
  await db
    .update(groupMembers)
    .set({ removedAt: new Date(), displayName })
    .where(and(eq(groupMembers.id, memberId), isNull(groupMembers.removedAt)));
}

/** The names of the group's active members as the group shows them, with their membership ids. */
export async function activeNames(db: DbOrTx, groupId: string): Promise<Array<{ id: string; name: string | null }>> {
  return (await listGroupMemberships(db, groupId)).filter((m) => m.active).map((m) => ({ id: m.id, name: m.name }));
}

/** Adds a person without an account by name (decision 056); answers the new membership's id. */
export async function insertPerson(db: DbOrTx, groupId: string, name: string): Promise<string> {
  const [row] = await db
    .insert(groupMembers)
    .values({ groupId, kind: 'placeholder', displayName: name, role: 'member' })
    .returning({ id: groupMembers.id });
  if (!row) throw new Error('person not inserted');
  return row.id;
}

const unclaimedPerson = (groupId: string, memberId: string) =>
  and(
    eq(groupMembers.id, memberId),
    eq(groupMembers.groupId, groupId),
    eq(groupMembers.kind, 'placeholder'),
    isNull(groupMembers.removedAt),
  );

/** Renames a person without an account; false when there is no such person in the group (claimed or deleted). */
export async function renamePerson(db: DbOrTx, groupId: string, memberId: string, name: string): Promise<boolean> {
  const rows = await db
    .update(groupMembers)
    .set({ displayName: name })
    .where(unclaimedPerson(groupId, memberId))
    .returning({ id: groupMembers.id });
  return rows.length === 1;
}

/** The person's membership locked until the transaction ends, so it is neither claimed nor named meanwhile. */
export async function lockPerson(tx: Tx, groupId: string, memberId: string) {
  const [row] = await tx
    .select({ id: groupMembers.id, kind: groupMembers.kind, name: groupMembers.displayName })
    .from(groupMembers)
    .where(and(eq(groupMembers.id, memberId), eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt)))
    .for('update');
  return row ?? null;
}

/** Deletes a person without an account whom nothing points at (the caller has checked). */
export async function deletePerson(tx: Tx, groupId: string, memberId: string): Promise<void> {
  await tx.delete(groupMembers).where(unclaimedPerson(groupId, memberId));
}
