import Stripe from 'stripe';
import type { Env } from '../env.ts';

export type StripeClient = Stripe;

/**
 * The Stripe client, or null when STRIPE_SECRET_KEY is unset (Premium cannot be bought on this deployment).
 * STRIPE_API_BASE points it at another host speaking Stripe's API, which is how the tests run without the internet.
 */
export function createStripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): StripeClient | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}
