import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type {
  AcceptInviteResult,
  ClaimablePerson,
  GroupInvite,
  InviteLink,
  InvitePreview,
  JoinByCodeResult,
} from '#shared/api/invites.ts';
import { INVITE_VALID_DAYS, QR_SIZE_PX } from '#shared/api/invites.ts';
import { isUuid } from '#shared/api/ids.ts';
import { isInviteCodeShape, normalizeInviteCode } from '#shared/domain/invite-code.ts';
import { inviteStatus, mayAdmitMember, mayJoinGroup, mayManageInvites } from '#shared/domain/policies.ts';
import type { Db, Tx } from '../../db/client.ts';
import { requireAllowed } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { claimGroupPlace } from '../../repositories/group-places.ts';
import { claimablePeople, countActiveMembers, findMembership, lockGroup } from '../../repositories/memberships.ts';
import type { LockedGroup } from '../../repositories/memberships.ts';
import * as repo from './repo.ts';
import type { InviteRow } from './repo.ts';
import { recordEvent } from '../../repositories/activity.ts';

export type InviteDeps = { db: Db; publicUrl: string };

const DAY_MS = 24 * 60 * 60_000;
// 32 random bytes in base64url: 256 bits, far above the 128 the rules ask for, and safe in a URL path.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const inviteUrl = (publicUrl: string, token: string) => new URL(`/invite/${token}`, publicUrl).toString();

function toLink(publicUrl: string, invite: InviteRow): InviteLink {
  return {
    token: invite.token,
    url: inviteUrl(publicUrl, invite.token),
    expiresAt: invite.expiresAt.toISOString(),
    qrUrl: `/api/invites/${invite.token}/qr.png`,
  };
}

const statusOf = (invite: InviteRow, invitesEnabled: boolean) => inviteStatus(invite, { invitesEnabled }, new Date());

export async function getGroupInvite(
  { db, publicUrl }: InviteDeps,
  userId: string,
  groupId: string,
): Promise<GroupInvite> {
  const { group } = await requireAllowed(db, groupId, userId, mayManageInvites);
  const invite = await repo.findActiveInvite(db, groupId);
  return {
    code: group.inviteCode,
    invitesEnabled: group.invitesEnabled,
    link: invite ? toLink(publicUrl, invite) : null,
  };
}

/** A new link valid 7 days, as mayManageInvites allows. */
export async function createInvite(
  { db, publicUrl }: InviteDeps,
  userId: string,
  groupId: string,
): Promise<InviteLink> {
  await requireAllowed(db, groupId, userId, mayManageInvites);
  const invite = await repo.replaceInvite(db, {
    groupId,
    token: randomBytes(32).toString('base64url'),
    createdByUserId: userId,
    expiresAt: new Date(Date.now() + INVITE_VALID_DAYS * DAY_MS),
  });
  return toLink(publicUrl, invite);
}

export async function setInvitesEnabled(
  { db }: InviteDeps,
  userId: string,
  groupId: string,
  enabled: boolean,
): Promise<void> {
  await requireAllowed(db, groupId, userId, mayManageInvites);
  await repo.setInvitesEnabled(db, groupId, enabled);
}

async function ownedInvite(db: Db, userId: string, token: string) {
  const found = TOKEN_SHAPE.test(token) ? await repo.findInvite(db, token) : null;
  if (!found) throw new AppError('NOT_FOUND');
  await requireAllowed(db, found.invite.groupId, userId, mayManageInvites);
  return found;
}

export async function revokeInvite({ db }: InviteDeps, userId: string, token: string): Promise<void> {
  const { invite } = await ownedInvite(db, userId, token);
  await repo.revokeInvite(db, invite.id);
}

/** The link as a 300×300 PNG, drawn here so the invite URL never reaches a third-party QR service. */
export async function inviteQrPng({ db, publicUrl }: InviteDeps, userId: string, token: string): Promise<Buffer> {
  const { invite } = await ownedInvite(db, userId, token);
  const status = statusOf(invite, true);
  if (status === 'revoked' || status === 'expired') throw new AppError('NOT_FOUND');
  return QRCode.toBuffer(inviteUrl(publicUrl, token), {
    type: 'png',
    width: QR_SIZE_PX,
    margin: 2,
    errorCorrectionLevel: 'M',
  });
}

/** What /invite/{token} shows to anyone holding the token: the group's name and whether the link still works. */
export async function previewInvite({ db }: InviteDeps, userId: string | null, token: string): Promise<InvitePreview> {
  const found = TOKEN_SHAPE.test(token) ? await repo.findInvite(db, token) : null;
  if (!found) throw new AppError('NOT_FOUND');
  const { groupId: inviteGroupId } = found.invite;
  const member = userId ? await findMembership(db, inviteGroupId, userId) : null;
  let membership: InvitePreview['membership'] = null;
  if (userId) membership = member && !member.removedAt ? (found.ownerId === userId ? 'owner' : 'member') : 'none';
  const status = statusOf(found.invite, found.invitesEnabled);
  const known = membership === 'member' || membership === 'owner';
  // Only a signed-in visitor who could join right now, and never was in the group, is offered the places of people
  // without an account: their names are the group's, shown to those about to join it.
  const mayClaim = userId !== null && member === null && status === 'valid';
  return {
    status,
    groupName: found.groupName,
    expiresAt: found.invite.expiresAt.toISOString(),
    membership,
    groupId: known ? inviteGroupId : null,
    people: mayClaim ? await claimablePeople(db, inviteGroupId) : [],
  };
}

/** Who the one joining says they are: a member of their own, a person without an account, or not said yet. */
type JoinAs = { kind: 'new' } | { kind: 'person'; memberId: string } | { kind: 'unsaid' };

function joinAsOf(as: string | undefined): JoinAs {
  if (as === undefined) return { kind: 'unsaid' };
  if (as === 'new') return { kind: 'new' };
  // An id that is no membership at all names no place anyone could take.
  if (!isUuid(as)) throw new AppError('PERSON_ALREADY_CLAIMED');
  return { kind: 'person', memberId: as };
}

/**
 * The one way into a group, inside the transaction that holds the group's row lock: already a member is harmless;
 * otherwise the link and the group must let people in (mayJoinGroup) and the person must have a place among their
 * groups (decision 036), or nothing is written. A new member needs a seat the owner's plan leaves (mayAdmitMember);
 * taking the place of a person without an account needs none, the place is counted already (decision 056). While
 * the group has such people and the caller has not said who they are, nothing is joined and the people are answered.
 */
async function admit(
  tx: Tx,
  group: LockedGroup,
  userId: string,
  invite: InviteRow | null,
  as: JoinAs,
): Promise<AcceptInviteResult> {
  const existing = await findMembership(tx, group.id, userId);
  const answer = (people: ClaimablePerson[] = []) => ({
    alreadyMember: false,
    isOwner: false,
    groupId: group.id,
    people,
  });
  if (existing && !existing.removedAt) return { ...answer(), alreadyMember: true, isOwner: group.ownerId === userId };
  unwrap(mayJoinGroup(group, invite ? statusOf(invite, group.invitesEnabled) : null));
  if (as.kind === 'unsaid' && !existing) {
    const people = await claimablePeople(tx, group.id);
    if (people.length > 0) return answer(people);
  }
  if (as.kind === 'person') {
    // The unique (group, user) pair keeps one membership per user: a former member comes back to their own.
    if (existing) throw new AppError('FORMER_MEMBER_CANNOT_CLAIM');
    await claimGroupPlace(tx, userId);
    const person = (await claimablePeople(tx, group.id)).find((p) => p.memberId === as.memberId);
    if (!person || !(await repo.claimPlace(tx, group.id, as.memberId, userId)))
      throw new AppError('PERSON_ALREADY_CLAIMED');
    await recordEvent(tx, group.id, as.memberId, { kind: 'person_claimed', name: person.name });
  } else {
    unwrap(mayAdmitMember(group, await countActiveMembers(tx, group.id)));
    await claimGroupPlace(tx, userId);
    const memberId = await repo.addMember(tx, group.id, userId, existing);
    await recordEvent(tx, group.id, memberId, { kind: 'member_joined' });
  }
  if (invite) await repo.countInviteUse(tx, invite.id);
  return answer();
}

/** Joins the group an invite link belongs to, as a new member or as a person without an account (`as`). */
export async function acceptInvite(
  { db }: InviteDeps,
  userId: string,
  token: string,
  as?: string,
): Promise<AcceptInviteResult> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError('INVALID_INVITE');
  const joinAs = joinAsOf(as);
  return db.transaction(async (tx) => {
    const invite = await repo.lockInvite(tx, token);
    const group = invite ? await lockGroup(tx, { id: invite.groupId }) : null;
    if (!invite || !group) throw new AppError('INVALID_INVITE');
    return admit(tx, group, userId, invite, joinAs);
  });
}

/**
 * Joins the group with that code; the code as typed (any case, spaces, hyphens), as a new member or as a person
 * without an account (`as`). Rate limits are the route's.
 */
export async function joinByCode(
  { db }: InviteDeps,
  userId: string,
  typed: string,
  as?: string,
): Promise<JoinByCodeResult> {
  const code = normalizeInviteCode(typed);
  if (!isInviteCodeShape(code)) throw new AppError('INVALID_CODE');
  const joinAs = joinAsOf(as);
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, { inviteCode: code });
    if (!group) throw new AppError('INVALID_CODE');
    return { ...(await admit(tx, group, userId, null, joinAs)), groupName: group.name };
  });
}
