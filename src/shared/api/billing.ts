import { z } from 'zod';
import { BILLING_INTERVALS } from '../domain/plans.ts';

/** POST /api/billing/checkout: Premium monthly or yearly, as the pricing toggle shows. */
export const checkoutBody = z.object({ interval: z.enum(BILLING_INTERVALS) });

/** Stripe Checkout's hosted page, opened in a new tab. */
export const checkoutResponse = z.object({ url: z.url() });

export const webhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });

export type CheckoutBody = z.infer<typeof checkoutBody>;
