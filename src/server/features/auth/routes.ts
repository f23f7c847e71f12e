import { Hono } from 'hono';
import type { Context } from 'hono';
import { signUpBody } from '#shared/api/auth.ts';
import { errorStatus } from '#shared/errors.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, errorBody } from '../../lib/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limit.ts';
import { fieldErrors } from '../../lib/router.ts';
import type { Auth } from './auth.ts';
import { mapAuthError } from './errors.ts';

export type AuthRateRules = { signIn: RateRule; signUp: RateRule; reset: RateRule };

export const defaultAuthRateRules: AuthRateRules = {
  // Per address and e-mail: guessing one account's password stays slow without locking its owner out elsewhere.
  signIn: { limit: 10, windowMs: 15 * 60_000 },
  signUp: { limit: 20, windowMs: 60 * 60_000 },
  reset: { limit: 5, windowMs: 60 * 60_000 },
};

type Deps = { auth: Auth; rateLimiter: RateLimiter; rules: AuthRateRules; address: (c: Context) => string };

async function readJson(c: Context): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await c.req.raw.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const emailOf = (body: Record<string, unknown>) => (typeof body.email === 'string' ? body.email.trim().toLowerCase() : '');

/** Mounts better-auth under /api/auth with our rate limits in front and our error codes on the way out. */
export function authRoutes({ auth, rateLimiter, rules, address }: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const limit = (rule: keyof AuthRateRules, key: (c: Context, body: Record<string, unknown>) => string) =>
    async (c: Context<AppEnv>, next: () => Promise<void>) => {
      const body = await readJson(c);
      const verdict = await rateLimiter.hit(`auth:${rule}:${key(c, body)}`, rules[rule]);
      if (!verdict.allowed) {
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new AppError('RATE_LIMITED');
      }
      await next();
    };

  app.post('/sign-in/email', limit('signIn', (c, body) => `${address(c)}:${emailOf(body)}`));
  // The shared schema checks what better-auth does not (a trimmed, non-blank name) with the form's own keys.
  app.post('/sign-up/email', limit('signUp', (c) => address(c)), async (c, next) => {
    const parsed = signUpBody.safeParse(await readJson(c));
    if (!parsed.success) throw new AppError('VALIDATION', fieldErrors(parsed.error));
    await next();
  });
  app.post('/request-password-reset', limit('reset', (c, body) => `${address(c)}:${emailOf(body)}`));

  app.on(['GET', 'POST'], '/*', async (c) => {
    const response = await auth.handler(c.req.raw);
    if (response.status < 400) return response;
    let authCode: unknown;
    try {
      authCode = ((await response.clone().json()) as { code?: unknown } | null)?.code;
    } catch {
      authCode = undefined;
    }
    const code = mapAuthError(response.status, authCode);
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    return new Response(JSON.stringify(errorBody(code, undefined, c.get('requestId'))), {
      status: errorStatus[code],
      headers,
    });
  });

  return app;
}
