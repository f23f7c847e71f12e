import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { groupParams } from '#shared/api/groups.ts';
import {
  acceptInviteBody,
  acceptInviteResponse,
  createInviteResponse,
  groupInviteResponse,
  invitePreviewResponse,
  inviteSettingsBody,
  joinByCodeBody,
  joinByCodeResponse,
  tokenParams,
} from '#shared/api/invites.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limit.ts';
import { createRouter } from '../../lib/router.ts';
import * as service from './service.ts';
import type { InviteDeps } from './service.ts';

export type JoinRateRules = { perUser: RateRule; perAddress: RateRule };

/**
 * Guessing codes must stay hopeless (31^8 codes) without hindering a real person: ten tries per account and thirty
 * per address (a household or office behind one address) in 15 minutes.
 */
export const defaultJoinRateRules: JoinRateRules = {
  perUser: { limit: 10, windowMs: 15 * 60_000 },
  perAddress: { limit: 30, windowMs: 15 * 60_000 },
};

type Deps = InviteDeps & { rateLimiter: RateLimiter; address: (c: Context) => string; joinRules?: JoinRateRules };

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const tags = ['invites'];

const routes = {
  groupInvite: createRoute({
    method: 'get',
    path: '/groups/{groupId}/invite',
    tags,
    request: { params: groupParams },
    responses: { 200: json(groupInviteResponse, 'Code, joining switch and the working link (owner only)') },
  }),
  settings: createRoute({
    method: 'patch',
    path: '/groups/{groupId}/invite',
    tags,
    request: { params: groupParams, body: body(inviteSettingsBody) },
    responses: { 204: { description: 'Saved' } },
  }),
  create: createRoute({
    method: 'post',
    path: '/groups/{groupId}/invites',
    tags,
    request: { params: groupParams },
    responses: { 201: json(createInviteResponse, 'A new link valid 7 days; earlier links stop working') },
  }),
  revoke: createRoute({
    method: 'post',
    path: '/invites/{token}/revoke',
    tags,
    request: { params: tokenParams },
    responses: { 204: { description: 'Revoked' } },
  }),
  qr: createRoute({
    method: 'get',
    path: '/invites/{token}/qr.png',
    tags,
    request: { params: tokenParams },
    responses: {
      200: { description: '300×300 QR code of the link', content: { 'image/png': { schema: z.string() } } },
    },
  }),
  preview: createRoute({
    method: 'get',
    path: '/invites/{token}',
    tags,
    request: { params: tokenParams },
    responses: { 200: json(invitePreviewResponse, 'Group name and invite status; public') },
  }),
  accept: createRoute({
    method: 'post',
    path: '/invites/{token}/accept',
    tags,
    request: {
      params: tokenParams,
      body: body(acceptInviteBody),
    },
    responses: {
      200: json(acceptInviteResponse, 'Joined, already a member, or the people without an account to choose among'),
    },
  }),
  join: createRoute({
    method: 'post',
    path: '/groups/join',
    tags,
    request: { body: body(joinByCodeBody) },
    responses: {
      200: json(joinByCodeResponse, 'Joined, already a member, or the people without an account to choose among'),
    },
  }),
};

/** Invites by link, code and QR, and joining. Owner-only actions are checked in the service. */
export function inviteRoutes(deps: Deps) {
  const rules = deps.joinRules ?? defaultJoinRateRules;

  const limitJoins = async (c: Context<AppEnv>, userId: string) => {
    for (const [key, rule] of [
      [`join-code:user:${userId}`, rules.perUser],
      [`join-code:address:${deps.address(c)}`, rules.perAddress],
    ] as const) {
      const verdict = await deps.rateLimiter.hit(key, rule);
      if (!verdict.allowed) {
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new AppError('RATE_LIMITED');
      }
    }
  };

  return createRouter()
    .openapi(routes.groupInvite, async (c) =>
      c.json(await service.getGroupInvite(deps, requireUser(c).id, c.req.valid('param').groupId), 200),
    )
    .openapi(routes.settings, async (c) => {
      await service.setInvitesEnabled(
        deps,
        requireUser(c).id,
        c.req.valid('param').groupId,
        c.req.valid('json').invitesEnabled,
      );
      return c.body(null, 204);
    })
    .openapi(routes.create, async (c) =>
      c.json({ link: await service.createInvite(deps, requireUser(c).id, c.req.valid('param').groupId) }, 201),
    )
    .openapi(routes.revoke, async (c) => {
      await service.revokeInvite(deps, requireUser(c).id, c.req.valid('param').token);
      return c.body(null, 204);
    })
    .openapi(routes.qr, async (c) => {
      const png = await service.inviteQrPng(deps, requireUser(c).id, c.req.valid('param').token);
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(png), 200, {
        'Content-Type': 'image/png',
        'Content-Disposition': 'inline; filename="kvitt-inbjudan.png"',
      });
    })
    .openapi(routes.preview, async (c) =>
      c.json(await service.previewInvite(deps, c.get('user')?.id ?? null, c.req.valid('param').token), 200),
    )
    .openapi(routes.accept, async (c) =>
      c.json(
        await service.acceptInvite(deps, requireUser(c).id, c.req.valid('param').token, c.req.valid('json').as),
        200,
      ),
    )
    .openapi(routes.join, async (c) => {
      const user = requireUser(c);
      await limitJoins(c, user.id);
      const { code, as } = c.req.valid('json');
      return c.json(await service.joinByCode(deps, user.id, code, as), 200);
    });
}
