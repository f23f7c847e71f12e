import { createRoute } from '@hono/zod-openapi';
import { exportResponse, profileBody, profileResponse } from '#shared/api/account.ts';
import { statisticsResponse } from '#shared/api/statistics.ts';
import { requireUser } from '../../lib/context.ts';
import { createRouter } from '../../lib/router.ts';
import * as service from './service.ts';
import type { AccountDeps } from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['account'];

const routes = {
  getProfile: createRoute({
    method: 'get',
    path: '/account/profile',
    tags,
    responses: { 200: json(profileResponse, 'The caller’s profile') },
  }),
  putProfile: createRoute({
    method: 'put',
    path: '/account/profile',
    tags,
    request: { body: { content: { 'application/json': { schema: profileBody } }, required: true } },
    responses: {
      200: json(profileResponse, 'The saved profile: trimmed, empty values null, a Swedish mobile in ten digits'),
    },
  }),
  export: createRoute({
    method: 'get',
    path: '/account/export',
    tags,
    responses: { 200: json(exportResponse, 'Everything Kvitt holds about the caller') },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/account',
    tags,
    responses: { 204: { description: 'Account and data deleted; the session cookie is cleared' } },
  }),
  statistics: createRoute({
    method: 'get',
    path: '/statistics',
    tags: ['statistics'],
    responses: { 200: json(statisticsResponse, 'Spending per currency, month, category and group') },
  }),
};

/**
 * /api/account/* and /api/statistics: the caller's own data only, so no group access checks are needed.
 * `signOut` is better-auth's sign-out as a Response, handed in by app.ts so this feature does not import auth.
 */
export function accountRoutes(deps: AccountDeps & { signOut: (headers: Headers) => Promise<Response> }) {
  const { db } = deps;
  return createRouter()
    .openapi(routes.getProfile, async (c) => c.json(await service.getProfile(db, requireUser(c).id), 200))
    .openapi(routes.putProfile, async (c) =>
      c.json(await service.updateProfile(db, requireUser(c).id, c.req.valid('json')), 200),
    )
    .openapi(routes.export, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await service.exportData(db, requireUser(c).id), 200);
    })
    .openapi(routes.statistics, async (c) => c.json(await service.statistics(db, requireUser(c).id), 200))
    .openapi(routes.remove, async (c) => {
      const user = requireUser(c);
      const headers = c.req.raw.headers;
      await service.deleteAccount(deps, user.id);
      // The sessions are gone with the user; sign-out now only expires the cookies in this browser.
      const signedOut = await deps.signOut(headers);
      for (const cookie of signedOut.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.body(null, 204);
    });
}
