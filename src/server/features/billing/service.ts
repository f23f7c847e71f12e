import type Stripe from 'stripe';
import type { BillingInterval } from '#shared/domain/plans.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { SessionUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { StripeClient } from '../../lib/stripe.ts';
import * as repo from './repo.ts';

export type BillingDeps = {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'STRIPE_PRICE_MONTHLY' | 'STRIPE_PRICE_YEARLY' | 'STRIPE_WEBHOOK_SECRET'>;
  stripe: StripeClient | null;
  logger: Logger;
};

const priceOf = (env: BillingDeps['env'], interval: BillingInterval) =>
  interval === 'month' ? env.STRIPE_PRICE_MONTHLY : env.STRIPE_PRICE_YEARLY;

/** A Stripe Checkout page for Premium; any failure is CHECKOUT_FAILED ("Kunde inte skapa betalning. Försök igen."). */
export async function createCheckout(
  { db, env, stripe, logger }: BillingDeps,
  user: SessionUser,
  interval: BillingInterval,
): Promise<string> {
  const price = priceOf(env, interval);
  if (!stripe || !price) throw new AppError('CHECKOUT_FAILED');
  const profile = await repo.findBillingProfile(db, user.id);
  if (profile?.plan === 'pro') throw new AppError('ALREADY_PREMIUM');
  const origin = new URL(env.PUBLIC_URL).origin;
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: user.id,
      ...(profile?.stripeCustomerId ? { customer: profile.stripeCustomerId } : { customer_email: user.email }),
      locale: 'sv',
      success_url: `${origin}/app?premium=tack`,
      cancel_url: `${origin}/app`,
    });
    if (!session.url) throw new Error('Stripe answered without a checkout url');
    return session.url;
  } catch (error) {
    logger.error({ err: error }, 'checkout session failed');
    throw new AppError('CHECKOUT_FAILED');
  }
}

const customerId = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const ACTIVE = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due']);

async function apply(db: DbOrTx, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.client_reference_id && session.status === 'complete')
        await repo.upgradeUser(db, session.client_reference_id, customerId(session.customer));
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customer = customerId(subscription.customer);
      if (!customer) return;
      const active = event.type === 'customer.subscription.updated' && ACTIVE.has(subscription.status);
      const periodEnd = subscription.items.data[0]?.current_period_end;
      await repo.setPlanByCustomer(
        db,
        customer,
        active ? 'pro' : 'plus',
        active && periodEnd ? new Date(periodEnd * 1000) : null,
      );
      return;
    }
    default:
      return;
  }
}

/**
 * Verifies Stripe's signature over the raw body, then applies the event once: its id is recorded in the same
 * transaction as its effect, so a redelivery (Stripe retries until it gets a 2xx) changes nothing.
 */
export async function handleWebhook(
  { db, env, stripe }: BillingDeps,
  payload: string,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  if (!stripe || !env.STRIPE_WEBHOOK_SECRET) throw new AppError('SERVICE_UNAVAILABLE');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? '', env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw new AppError('INVALID_SIGNATURE');
  }
  return db.transaction(async (tx) => {
    if (!(await repo.claimEvent(tx, event.id, event.type))) return { duplicate: true };
    await apply(tx, event);
    return { duplicate: false };
  });
}
