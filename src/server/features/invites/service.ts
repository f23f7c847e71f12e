import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type {
  AcceptInviteResult,
  GroupInvite,
  InviteLink,
  InvitePreview,
  JoinByCodeResult,
} from '#shared/api/invites.ts';
import { INVITE_VALID_DAYS, QR_SIZE_PX } from '#shared/api/invites.ts';
import { isInviteCodeShape, normalizeInviteCode } from '#shared/domain/invite-code.ts';
import { inviteStatus, mayAdmitMember, mayJoinGroup, mayManageInvites } from '#shared/domain/policies.ts';
import type { Db, Tx } from '../../db/client.ts';
import { requireAllowed } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { claimGroupPlace } from '../../repositories/group-places.ts';
import { countActiveMembers, findMembership } from '../../repositories/memberships.ts';
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
  let membership: InvitePreview['membership'] = null;
  if (userId) {
    const member = await findMembership(db, found.invite.groupId, userId);
    membership = member && !member.removedAt ? (found.ownerId === userId ? 'owner' : 'member') : 'none';
  }
  const status = statusOf(found.invite, found.invitesEnabled);
  const groupId = membership === 'member' || membership === 'owner' ? found.invite.groupId : null;
  return { status, groupName: found.groupName, expiresAt: found.invite.expiresAt.toISOString(), membership, groupId };
}

type LockedGroup = NonNullable<Awaited<ReturnType<typeof repo.lockGroup>>>;

/**
 * The one way into a group, inside the transaction that holds the group's row lock: already a member is harmless;
 * otherwise the link and the group must let people in (mayJoinGroup), the owner's plan must leave a seat
 * (mayAdmitMember) and the person must have a place among their groups (decision 036), or nothing is written.
 */
async function admit(
  tx: Tx,
  group: LockedGroup,
  userId: string,
  invite: InviteRow | null,
): Promise<AcceptInviteResult> {
  const existing = await findMembership(tx, group.id, userId);
  if (existing && !existing.removedAt)
    return { alreadyMember: true, isOwner: group.ownerId === userId, groupId: group.id };
  unwrap(mayJoinGroup(group, invite ? statusOf(invite, group.invitesEnabled) : null));
  unwrap(mayAdmitMember(group, await countActiveMembers(tx, group.id)));
  await claimGroupPlace(tx, userId);
  const memberId = await repo.addMember(tx, group.id, userId, existing);
  await recordEvent(tx, group.id, memberId, { kind: 'member_joined' });
  if (invite) await repo.countInviteUse(tx, invite.id);
  return { alreadyMember: false, isOwner: false, groupId: group.id };
}

/** Joins the group an invite link belongs to. */
export async function acceptInvite({ db }: InviteDeps, userId: string, token: string): Promise<AcceptInviteResult> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError('INVALID_INVITE');
  return db.transaction(async (tx) => {
    const invite = await repo.lockInvite(tx, token);
    const group = invite ? await repo.lockGroup(tx, { id: invite.groupId }) : null;
    if (!invite || !group) throw new AppError('INVALID_INVITE');
    return admit(tx, group, userId, invite);
  });
}

/** Joins the group with that code; the code as typed (any case, spaces, hyphens). Rate limits are the route's. */
export async function joinByCode({ db }: InviteDeps, userId: string, typed: string): Promise<JoinByCodeResult> {
  const code = normalizeInviteCode(typed);
  if (!isInviteCodeShape(code)) throw new AppError('INVALID_CODE');
  return db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, { inviteCode: code });
    if (!group) throw new AppError('INVALID_CODE');
    return { ...(await admit(tx, group, userId, null)), groupName: group.name };
  });
}
