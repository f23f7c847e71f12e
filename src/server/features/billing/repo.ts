import { eq } from 'drizzle-orm';
import type { PlanId } from '#shared/domain/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { processedWebhookEvents, profiles } from '../../db/schema/index.ts';

export async function findBillingProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ plan: profiles.plan, stripeCustomerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/** Records an event id; false when it was recorded before, i.e. Stripe delivered it again. */
export async function claimEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(processedWebhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return inserted.length === 1;
}

/** Premium after a completed checkout; the customer id lets later subscription events find the user. */
export async function upgradeUser(db: DbOrTx, userId: string, customerId: string | null): Promise<void> {
  await db
    .update(profiles)
    .set({ plan: 'pro', ...(customerId ? { stripeCustomerId: customerId } : {}), updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

export async function setPlanByCustomer(
  db: DbOrTx,
  customerId: string,
  plan: PlanId,
  renewsAt: Date | null,
): Promise<void> {
  await db
    .update(profiles)
    .set({ plan, planRenewsAt: renewsAt, updatedAt: new Date() })
    .where(eq(profiles.stripeCustomerId, customerId));
}
