import type { Decision, Viewer } from '#shared/domain/policies.ts';
import { isUuid } from '#shared/api/ids.ts';
import type { ErrorCode } from '#shared/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { findActiveMembership } from '../repositories/memberships.ts';
import type { GroupRow, MemberRow } from '../repositories/memberships.ts';
import { AppError, unwrap } from './errors.ts';

export type Membership = { group: GroupRow; member: MemberRow; isOwner: boolean };

/** The member as the policies of decision 046 see them. */
export const viewerOf = (membership: Membership): Viewer => ({
  isOwner: membership.isOwner,
  myMemberId: membership.member.id,
});

/**
 * The caller's active membership of a group, or NOT_FOUND — also when the group exists but the caller is not in it,
 * so a group id reveals nothing to outsiders. Every group-scoped route starts here.
 */
export async function requireMembership(db: DbOrTx, groupId: string, userId: string): Promise<Membership> {
  if (!isUuid(groupId)) throw new AppError('NOT_FOUND');
  const row = await findActiveMembership(db, groupId, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return { group: row.group, member: row.member, isOwner: row.group.ownerId === userId };
}

/**
 * As requireMembership, then the policy's answer for this member (src/shared/domain/policies.ts): a refusal becomes
 * its AppError, so members hear why (FORBIDDEN, …) while outsiders still get NOT_FOUND.
 */
export async function requireAllowed(
  db: DbOrTx,
  groupId: string,
  userId: string,
  policy: (viewer: Viewer) => Decision<ErrorCode>,
): Promise<Membership> {
  const membership = await requireMembership(db, groupId, userId);
  unwrap(policy(viewerOf(membership)));
  return membership;
}
