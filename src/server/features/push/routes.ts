import { createRoute } from '@hono/zod-openapi';
import { pushPublicKeyResponse, pushSubscriptionBody, pushSubscriptionResponse } from '#shared/api/push.ts';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { removeSessionSubscriptions, saveSubscription, sessionEndpoint } from '../../lib/push/subscriptions.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['push'];

const routes = {
  publicKey: createRoute({
    method: 'get',
    path: '/push/public-key',
    tags,
    responses: { 200: json(pushPublicKeyResponse, 'The key browsers subscribe with (VAPID application server key)') },
  }),
  get: createRoute({
    method: 'get',
    path: '/push/subscription',
    tags,
    responses: { 200: json(pushSubscriptionResponse, 'The endpoint this device (session) receives on, or null') },
  }),
  put: createRoute({
    method: 'put',
    path: '/push/subscription',
    tags,
    request: { body: { content: { 'application/json': { schema: pushSubscriptionBody } }, required: true } },
    responses: { 200: json(pushSubscriptionResponse, 'Saved: this device now receives notifications') },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/push/subscription',
    tags,
    responses: { 204: { description: 'This device receives no more notifications' } },
  }),
};

/** The session is the device (decision 048): its subscription is saved, read and removed through it. */
function requireSession(c: Context<AppEnv>): { userId: string; sessionId: string } {
  const user = requireUser(c);
  const sessionId = c.get('sessionId');
  if (!sessionId) throw new AppError('UNAUTHENTICATED');
  return { userId: user.id, sessionId };
}

/** /api/push/*: a device's opt-in to Web Push notifications. */
export function pushRoutes({ db, publicKey }: { db: Db; publicKey: string }) {
  return createRouter()
    .openapi(routes.publicKey, (c) => {
      requireUser(c);
      return c.json({ publicKey }, 200);
    })
    .openapi(routes.get, async (c) => c.json({ endpoint: await sessionEndpoint(db, requireSession(c).sessionId) }, 200))
    .openapi(routes.put, async (c) => {
      const body = c.req.valid('json');
      await saveSubscription(db, requireSession(c), body);
      return c.json({ endpoint: body.endpoint }, 200);
    })
    .openapi(routes.remove, async (c) => {
      await removeSessionSubscriptions(db, requireSession(c).sessionId);
      return c.body(null, 204);
    });
}
