import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PushSubscriptionBody } from '#shared/api/push.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

export type StoredSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

const columns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/**
 * Saves this session's subscription. An endpoint already known moves to this user and session (the device changed
 * hands); an older endpoint of the same session goes, since one browser has one subscription (decision 048).
 */
export async function saveSubscription(
  db: DbOrTx,
  owner: { userId: string; sessionId: string },
  body: PushSubscriptionBody,
): Promise<void> {
  const values = { ...owner, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } });
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, owner.sessionId), ne(pushSubscriptions.endpoint, body.endpoint)));
}

export async function sessionEndpoint(db: DbOrTx, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId))
    .limit(1);
  return row?.endpoint ?? null;
}

export async function removeSessionSubscriptions(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

export async function subscriptionsOf(db: DbOrTx, userIds: string[]): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return [];
  return db.select(columns).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

/** The push service answered that the subscription is gone (404/410): it will never deliver again. */
export async function removeSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
