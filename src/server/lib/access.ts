import type { Decision, Viewer } from '#shared/domain/policies.ts';
import { isUuid } from '#shared/api/ids.ts';
import type { ErrorCode } from '#shared/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { findActiveMembership } from '../repositories/memberships.ts';
import type { GroupRow, MemberRow } from '../repositories/memberships.ts';
import { AppError, unwrap } from './errors.ts';
import type { MembershipCache } from './membership-cache.ts';

export type Membership = { group: GroupRow; member: MemberRow; isOwner: boolean };

/** The membership cache of each database handle; a transaction handle has none, so writes under a lock read fresh. */
const caches = new WeakMap<object, MembershipCache>();

/** Lets requireMembership answer from `cache` when called with `db` itself (decision 064). */
export function useMembershipCache(db: object, cache: MembershipCache): void {
  caches.set(db, cache);
}

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
  const cache = caches.get(db);
  const cached = cache?.get(groupId, userId);
  const row = cached ?? (await findActiveMembership(db, groupId, userId));
  if (!row) throw new AppError('NOT_FOUND');
  if (cache && !cached) cache.set(groupId, userId, row);
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
