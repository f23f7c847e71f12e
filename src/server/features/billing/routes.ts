import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { checkoutBody, checkoutResponse, webhookResponse } from '#shared/api/billing.ts';
import { requireUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import * as service from './service.ts';
import type { BillingDeps } from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['billing'];
const WEBHOOK_MAX_BYTES = 512 * 1024;

const routes = {
  checkout: createRoute({
    method: 'post',
    path: '/billing/checkout',
    tags,
    request: { body: { content: { 'application/json': { schema: checkoutBody } }, required: true } },
    responses: { 200: json(checkoutResponse, 'Stripe Checkout page for Premium, to open in a new tab') },
  }),
  // No body schema: the signature covers the exact bytes, so the body must reach the handler unparsed.
  webhook: createRoute({
    method: 'post',
    path: '/billing/webhook',
    tags,
    middleware: [
      bodyLimit({
        maxSize: WEBHOOK_MAX_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE');
        },
      }),
    ] as const,
    request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
    responses: { 200: json(webhookResponse, 'Event verified and applied (or already applied before)') },
  }),
};

/** Premium through Stripe Checkout, and Stripe's signed webhook that switches the plan. */
export function billingRoutes(deps: BillingDeps) {
  return createRouter()
    .openapi(routes.checkout, async (c) => {
      const url = await service.createCheckout(deps, requireUser(c), c.req.valid('json').interval);
      return c.json({ url }, 200);
    })
    .openapi(routes.webhook, async (c) => {
      const result = await service.handleWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
      return c.json({ received: true as const, duplicate: result.duplicate }, 200);
    });
}
