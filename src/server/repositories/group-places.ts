import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { checkGroupCount } from '#shared/domain/limit-checks.ts';
import type { DbOrTx } from '../db/client.ts';
import { groupMembers } from '../db/schema/index.ts';
import { unwrap } from '../lib/errors.ts';

/**
 * Inside the transaction that adds the user to a group (creating or joining one): refuses with GROUP_LIMIT_REACHED
 * when they are already an active member of MAX_GROUPS_PER_USER groups. A transaction-scoped advisory lock per user
 * queues that person's creations and joins, so two at once cannot both take the last place (decision 036); it
 * locks no row, so it cannot deadlock with the group and invite row locks taken around it.
 */
export async function claimGroupPlace(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`group-places:${userId}`}, 0))`);
  const [row] = await tx
    .select({ value: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), isNull(groupMembers.removedAt)));
  unwrap(checkGroupCount(row?.value ?? 0));
}
