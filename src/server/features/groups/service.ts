import { randomBytes, randomUUID } from 'node:crypto';
import type { CreateGroupBody, GroupDetail, UpdateGroupBody } from '#shared/api/groups.ts';
import { inviteCodeFromBytes } from '#shared/domain/invite-code.ts';
import type { Db } from '../../db/client.ts';
import { mayDeleteGroup, mayEditGroupDetails, mayRemoveMember } from '#shared/domain/policies.ts';
import { requireAllowed, requireMembership, viewerOf } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { claimGroupPlace } from '../../repositories/group-places.ts';
import { deleteFiles, deleteQueuedFiles } from '../../lib/file-deletions.ts';
import { ImageError, prepareGroupImage } from '../../lib/images/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../lib/storage.ts';
import { removePerson } from './people.ts';
import * as repo from './repo.ts';
import { recordEvent } from '../../repositories/activity.ts';

export type GroupDeps = { db: Db; storage: Storage; logger: Logger };

export function newInviteCode(): string {
  for (;;) {
    const code = inviteCodeFromBytes(randomBytes(16));
    if (code) return code;
  }
}

async function detailOrNotFound(db: Db, userId: string, groupId: string): Promise<GroupDetail> {
  const group = await repo.findGroupOf(db, userId, groupId);
  if (!group) throw new AppError('NOT_FOUND');
  return group;
}

/**
 * The group and the creator's owner membership in one transaction, with a fresh unique code, while the
 * creator has a place left among their groups (decision 036).
 */
export async function createGroup({ db }: GroupDeps, userId: string, body: CreateGroupBody): Promise<GroupDetail> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const group = await db.transaction(async (tx) => {
      await claimGroupPlace(tx, userId);
      return repo.insertGroupWithOwner(tx, {
        name: body.name,
        description: body.description || null,
        currency: body.currency ?? 'SEK',
        ownerId: userId,
        inviteCode: newInviteCode(),
      });
    });
    if (group) return detailOrNotFound(db, userId, group.id);
  }
  throw new Error('could not draw a free group code in 5 attempts');
}

export async function listGroups({ db }: GroupDeps, userId: string) {
  return repo.listGroupsOf(db, userId);
}

export async function getGroup({ db }: GroupDeps, userId: string, groupId: string): Promise<GroupDetail> {
  await requireMembership(db, groupId, userId);
  return detailOrNotFound(db, userId, groupId);
}

/** Renames the group or changes its description, as mayEditGroupDetails allows. */
export async function updateGroup(
  { db }: GroupDeps,
  userId: string,
  groupId: string,
  body: UpdateGroupBody,
): Promise<GroupDetail> {
  const { group, member } = await requireAllowed(db, groupId, userId, mayEditGroupDetails);
  const changes: { name?: string; description?: string | null } = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.description !== undefined) changes.description = body.description || null;
  await db.transaction(async (tx) => {
    await repo.updateGroup(tx, groupId, changes);
    if (changes.name !== undefined && changes.name !== group.name)
      await recordEvent(tx, groupId, member.id, { kind: 'group_renamed', from: group.name, to: changes.name });
  });
  return detailOrNotFound(db, userId, groupId);
}

/**
 * Deletes the group, as mayDeleteGroup allows. Files go too: recorded with the rows and deleted after the commit, or
 * later by the retry loop while the store is down (decision 039).
 */
export async function deleteGroup(deps: GroupDeps, userId: string, groupId: string): Promise<void> {
  await requireAllowed(deps.db, groupId, userId, mayDeleteGroup);
  await deleteQueuedFiles(deps, await repo.deleteGroup(deps.db, groupId));
}

/** Re-encodes to a small square WebP: proves by its bytes it is an accepted image, strips metadata such as GPS. */
async function toGroupImage(body: Buffer): Promise<Buffer> {
  try {
    return await prepareGroupImage(body);
  } catch (error) {
    if (error instanceof ImageError) throw new AppError('INVALID_IMAGE');
    throw error;
  }
}

/** Sets the group image, as mayEditGroupDetails allows; the file it replaces is deleted once the new one is in place. */
export async function setGroupImage(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  body: Buffer,
): Promise<GroupDetail> {
  await requireAllowed(deps.db, groupId, userId, mayEditGroupDetails);
  const image = await toGroupImage(body);
  const key = `groups/${groupId}/${randomUUID()}.webp`;
  try {
    await deps.storage.put(key, image, 'image/webp');
  } catch (error) {
    // A store that failed halfway may keep part of the file.
    await deleteFiles(deps, [key]);
    throw error;
  }
  const { found, unlinked } = await repo.setImageKey(deps.db, groupId, key);
  await deleteQueuedFiles(deps, unlinked);
  if (!found) throw new AppError('NOT_FOUND');
  return detailOrNotFound(deps.db, userId, groupId);
}

export async function removeGroupImage(deps: GroupDeps, userId: string, groupId: string): Promise<GroupDetail> {
  await requireAllowed(deps.db, groupId, userId, mayEditGroupDetails);
  await deleteQueuedFiles(deps, (await repo.setImageKey(deps.db, groupId, null)).unlinked);
  return detailOrNotFound(deps.db, userId, groupId);
}

/** The stored image, for members only: outsiders get NOT_FOUND like for any other part of the group. */
export async function readGroupImage(deps: GroupDeps, userId: string, groupId: string) {
  const { group } = await requireMembership(deps.db, groupId, userId);
  const file = group.imageKey ? await deps.storage.get(group.imageKey) : null;
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

export async function listMembers({ db }: GroupDeps, userId: string, groupId: string) {
  await requireMembership(db, groupId, userId);
  return repo.listMembers(db, groupId, userId);
}

/**
 * As mayRemoveMember allows; a soft removal so the others' balances stay whole (decision 011). A person without an
 * account is removed by the rule for them, removePerson (decision 056).
 */
export async function removeMember(
  { db }: GroupDeps,
  userId: string,
  groupId: string,
  memberId: string,
): Promise<void> {
  const found = await repo.findMember(db, groupId, memberId);
  if (found?.member.kind === 'placeholder') return removePerson(db, userId, groupId, memberId);
  const viewer = viewerOf(await requireAllowed(db, groupId, userId, mayRemoveMember));
  if (!found || found.member.removedAt) throw new AppError('NOT_FOUND');
  unwrap(mayRemoveMember(viewer, found.member));
  await db.transaction(async (tx) => {
    await repo.markMemberRemoved(tx, memberId, found.profileName ?? found.member.displayName);
    await recordEvent(
      tx,
      groupId,
      viewer.myMemberId,
      memberId === viewer.myMemberId ? { kind: 'member_left' } : { kind: 'member_removed', memberId },
    );
  });
}
