import type { Member } from '#shared/api/groups.ts';
import { mayAddPerson, mayAdmitMember, mayRemovePerson, mayRenamePerson } from '#shared/domain/policies.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { requireAllowed, requireMembership, viewerOf } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { countActiveMembers, lockGroup, membershipsInUse } from '../../repositories/memberships.ts';
import * as repo from './repo.ts';
import { recordEvent } from '../../repositories/activity.ts';

// People without an account (decision 056): added by name by any member, renamed by any member, removed only while
// nothing in the group names them. Every change of who is in a group runs behind the group's row lock.

/** Names compare as a person reads them: "anna" and "Anna" are the same person in a list of names. */
const sameName = (a: string, b: string) => a.toLocaleLowerCase('sv-SE') === b.toLocaleLowerCase('sv-SE');

/** PERSON_NAME_TAKEN when another active member of the group is shown by that name. */
async function refuseTakenName(db: DbOrTx, groupId: string, name: string, self?: string): Promise<void> {
  const names = await repo.activeNames(db, groupId);
  if (names.some((member) => member.id !== self && member.name !== null && sameName(member.name, name)))
    throw new AppError('PERSON_NAME_TAKEN');
}

async function memberView(db: DbOrTx, groupId: string, userId: string, memberId: string): Promise<Member> {
  const found = (await repo.listMembers(db, groupId, userId)).find((member) => member.id === memberId);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** "Lägg till person": a name only, while the owner's plan leaves a seat (mayAdmitMember) and no one has the name. */
export async function addPerson(db: Db, userId: string, groupId: string, name: string): Promise<Member> {
  const { member } = await requireAllowed(db, groupId, userId, mayAddPerson);
  const memberId = await db.transaction(async (tx) => {
    const group = await lockGroup(tx, { id: groupId });
    if (!group) throw new AppError('NOT_FOUND');
    unwrap(mayAdmitMember(group, await countActiveMembers(tx, groupId)));
    await refuseTakenName(tx, groupId, name);
    const added = await repo.insertPerson(tx, groupId, name);
    await recordEvent(tx, groupId, member.id, { kind: 'person_added', name });
    return added;
  });
  return memberView(db, groupId, userId, memberId);
}

/** Renames a person without an account, as mayRenamePerson allows; NOT_FOUND once the place is claimed or gone. */
export async function renamePerson(
  db: Db,
  userId: string,
  groupId: string,
  memberId: string,
  name: string,
): Promise<Member> {
  const viewer = viewerOf(await requireMembership(db, groupId, userId));
  await db.transaction(async (tx) => {
    if (!(await lockGroup(tx, { id: groupId }))) throw new AppError('NOT_FOUND');
    const person = await repo.lockPerson(tx, groupId, memberId);
    if (!person) throw new AppError('NOT_FOUND');
    unwrap(mayRenamePerson(viewer, person));
    await refuseTakenName(tx, groupId, name, memberId);
    if (!(await repo.renamePerson(tx, groupId, memberId, name))) throw new AppError('NOT_FOUND');
    if (person.name !== name)
      await recordEvent(tx, groupId, viewer.myMemberId, { kind: 'person_renamed', from: person.name ?? '', to: name });
  });
  return memberView(db, groupId, userId, memberId);
}

/** Deletes a person without an account, as mayRemovePerson allows: only while nothing in the group names them. */
export async function removePerson(db: Db, userId: string, groupId: string, memberId: string): Promise<void> {
  const viewer = viewerOf(await requireMembership(db, groupId, userId));
  await db.transaction(async (tx) => {
    if (!(await lockGroup(tx, { id: groupId }))) throw new AppError('NOT_FOUND');
    const person = await repo.lockPerson(tx, groupId, memberId);
    if (!person) throw new AppError('NOT_FOUND');
    const inUse = (await membershipsInUse(tx, [memberId])).has(memberId);
    unwrap(mayRemovePerson(viewer, { kind: person.kind, inUse }));
    await repo.deletePerson(tx, groupId, memberId);
    await recordEvent(tx, groupId, viewer.myMemberId, { kind: 'person_removed', name: person.name ?? '' });
  });
}
