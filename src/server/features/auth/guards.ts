import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { EMAIL_MAX_LENGTH, resetToken } from '#shared/api/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limit.ts';
import { fieldErrors } from '../../lib/router.ts';
import type { Auth } from './auth.ts';
import { mediaTypeOf, readFields } from './request-body.ts';

export type AuthRateRules = { signIn: RateRule; signUp: RateRule; reset: RateRule; resetPerAddress: RateRule };

/** What the guards in front of better-auth learn about a request, in the order they run. */
export type AuthEnv = {
  Variables: AppEnv['Variables'] & {
    /** The body's fields in whatever encoding it came (see readFields). */
    fields: Record<string, unknown>;
    /** The body better-auth is given instead of the client's: only what our schema let through. */
    authBody: unknown;
    /** The signed-in account, for the routes that need one. */
    account: { id: string; email: string };
  };
};

export type AuthContext = Context<AuthEnv>;

type Deps = { auth: Auth; rateLimiter: RateLimiter; rules: AuthRateRules };

/** The e-mail of a body as the limiter counts it: trimmed and lower-cased, as better-auth stores it. */
export const emailKey = (c: AuthContext): string => {
  const email = c.get('fields').email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** The middlewares that stand in front of better-auth's endpoints; routes.ts puts them in order per endpoint. */
export function authGuards({ auth, rateLimiter, rules }: Deps) {
  return {
    readBody: createMiddleware<AuthEnv>(async (c, next) => {
      c.set('fields', await readFields(c.req.raw));
      await next();
    }),

    /** Before anything else: an address longer than any deliverable one reaches neither a query nor a limiter key. */
    boundedEmail: createMiddleware<AuthEnv>(async (c, next) => {
      const email = c.get('fields').email;
      if (typeof email === 'string' && email.trim().length > EMAIL_MAX_LENGTH) {
        throw new AppError('VALIDATION', { email: 'emailInvalid' });
      }
      await next();
    }),

    /** Counts the attempt under `key` of `rule`, before the encoding or the fields are checked. */
    limit: (rule: keyof AuthRateRules, key: (c: AuthContext) => string) =>
      createMiddleware<AuthEnv>(async (c, next) => {
        const verdict = await rateLimiter.hit(`auth:${rule}:${key(c)}`, rules[rule]);
        if (!verdict.allowed) {
          c.header('Retry-After', String(verdict.retryAfterSeconds));
          throw new AppError('RATE_LIMITED');
        }
        await next();
      }),

    /** Every auth endpoint that takes a body takes JSON, and only JSON. */
    json: createMiddleware<AuthEnv>(async (c, next) => {
      if (mediaTypeOf(c.req.raw) !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      await next();
    }),

    /** The body checked against the shared schema; better-auth gets the parsed value (shaped by `toAuth`). */
    validate: <S extends z.ZodType>(schema: S, toAuth: (parsed: z.output<S>) => unknown = (parsed) => parsed) =>
      createMiddleware<AuthEnv>(async (c, next) => {
        const parsed = schema.safeParse(c.get('fields'));
        if (!parsed.success) throw new AppError('VALIDATION', fieldErrors(parsed.error));
        c.set('authBody', toAuth(parsed.data));
        await next();
      }),

    /** A token better-auth could not have made is an invalid link, told as such rather than as a form problem. */
    wellFormedResetToken: createMiddleware<AuthEnv>(async (c, next) => {
      if (!resetToken.safeParse(c.get('fields').token).success) throw new AppError('INVALID_RESET_TOKEN');
      await next();
    }),

    signedIn: createMiddleware<AuthEnv>(async (c, next) => {
      const session = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
      if (!session) throw new AppError('UNAUTHENTICATED');
      c.set('account', { id: session.user.id, email: session.user.email });
      await next();
    }),
  };
}
