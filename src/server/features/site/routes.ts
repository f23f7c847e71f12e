import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { acceptedResponse, collaborationBody, newsletterBody, siteConfigResponse } from '#shared/api/site.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limit.ts';
import { createRouter } from '../../lib/router.ts';
import * as repo from './repo.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['site'];

/** Per e-mail address a handful a day; per network address enough for an office behind one IP. */
export const siteRateRules = {
  perEmail: { limit: 5, windowMs: 24 * 60 * 60_000 },
  perAddress: { limit: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

// The path stays a literal type, so the web's typed client knows it (decision 045).
const emailRoute = <P extends string>(path: P, schema: typeof newsletterBody, description: string) =>
  createRoute({
    method: 'post',
    path,
    tags,
    request: { body: { content: { 'application/json': { schema } }, required: true } },
    responses: { 200: json(acceptedResponse, description) },
  });

const routes = {
  config: createRoute({
    method: 'get',
    path: '/site/config',
    tags,
    responses: { 200: json(siteConfigResponse, 'Support address and whether Premium can be bought') },
  }),
  newsletter: emailRoute('/site/newsletter', newsletterBody, 'Subscribed (also when the address already was)'),
  collaboration: emailRoute('/site/collaboration', collaborationBody, 'Request stored (once per address)'),
};

type Deps = {
  db: Db;
  env: Pick<Env, 'SUPPORT_EMAIL' | 'STRIPE_SECRET_KEY' | 'STRIPE_PRICE_MONTHLY' | 'STRIPE_PRICE_YEARLY'>;
  rateLimiter: RateLimiter;
  address: (c: Context) => string;
  rules?: typeof siteRateRules;
};

/** The public site's calls: its configuration, newsletter sign-ups and collaboration requests. */
export function siteRoutes({ db, env, rateLimiter, address, rules = siteRateRules }: Deps) {
  const limit = async (c: Context<AppEnv>, form: string, email: string) => {
    for (const [key, rule] of [
      [`site:${form}:ip:${address(c)}`, rules.perAddress],
      [`site:${form}:email:${email}`, rules.perEmail],
    ] as const) {
      const verdict = await rateLimiter.hit(key, rule);
      if (!verdict.allowed) {
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new AppError('RATE_LIMITED');
      }
    }
  };
  const checkoutEnabled = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PRICE_MONTHLY && env.STRIPE_PRICE_YEARLY);
  return createRouter()
    .openapi(routes.config, (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ supportEmail: env.SUPPORT_EMAIL, checkoutEnabled }, 200);
    })
    .openapi(routes.newsletter, async (c) => {
      const email = c.req.valid('json').email.toLowerCase();
      await limit(c, 'newsletter', email);
      await repo.subscribe(db, email);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(routes.collaboration, async (c) => {
      const email = c.req.valid('json').email.toLowerCase();
      await limit(c, 'collaboration', email);
      await repo.requestCollaboration(db, email);
      return c.json({ ok: true as const }, 200);
    });
}
