import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import type { z } from 'zod';
import {
  changePasswordBody,
  requestPasswordResetBody,
  resetPasswordBody,
  resetToken,
  signInBody,
  signUpBody,
  updateUserBody,
} from '#shared/api/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { authAnswer } from './answers.ts';
import type { Auth } from './auth.ts';
import { authGuards, emailKey } from './guards.ts';
import type { AuthContext, AuthEnv, AuthRateRules } from './guards.ts';
import { withJsonBody } from './request-body.ts';
import { resetTokenOwner, signedInAfterReset } from './reset-sign-in.ts';

export type { AuthRateRules } from './guards.ts';

export const defaultAuthRateRules: AuthRateRules = {
  // Per address and e-mail: guessing one account's password stays slow without locking its owner out elsewhere.
  signIn: { limit: 10, windowMs: 15 * 60_000 },
  signUp: { limit: 20, windowMs: 60 * 60_000 },
  reset: { limit: 5, windowMs: 60 * 60_000 },
  // Per address alone: one address cannot send reset mails to one account after another.
  resetPerAddress: { limit: 10, windowMs: 60 * 60_000 },
};

/** Auth bodies are a few short fields; this bounds what one request can make the server hold. */
export const AUTH_BODY_MAX_BYTES = 1024 * 1024;

type Deps = { auth: Auth; rateLimiter: RateLimiter; rules?: Partial<AuthRateRules>; address: (c: Context) => string };

/**
 * Mounts the better-auth endpoints Kvitt uses under /api/auth, each behind its guards (body size, rate limits, JSON
 * only, our shared schema), with our error codes and without tokens on the way out (decision 038). Every other
 * better-auth endpoint stays unreachable: it answers NOT_FOUND like any unknown path.
 */
export function authRoutes({ auth, rateLimiter, rules, address }: Deps): Hono<AuthEnv> {
  const g = authGuards({ auth, rateLimiter, rules: { ...defaultAuthRateRules, ...rules } });
  const app = new Hono<AuthEnv>();
  app.use(
    bodyLimit({
      maxSize: AUTH_BODY_MAX_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
  );

  const forward = async (c: AuthContext) => {
    const body = c.get('authBody');
    const request = body === undefined ? c.req.raw : withJsonBody(c.req.raw, body);
    return authAnswer(await auth.handler(request), { requestId: c.get('requestId'), log: c.get('log') });
  };
  const byAddressAndEmail = (c: AuthContext) => `${address(c)}:${emailKey(c)}`;

  app.get('/get-session', forward);
  app.get('/list-sessions', forward);
  app.post('/sign-out', g.json, forward);
  app.post(
    '/sign-in/email',
    g.readBody,
    g.boundedEmail,
    g.limit('signIn', byAddressAndEmail),
    g.json,
    g.validate(signInBody),
    forward,
  );
  app.post(
    '/sign-up/email',
    g.readBody,
    g.boundedEmail,
    g.limit('signUp', address),
    g.json,
    g.validate(signUpBody),
    forward,
  );
  app.post(
    '/request-password-reset',
    g.readBody,
    g.boundedEmail,
    g.limit('reset', byAddressAndEmail),
    g.limit('resetPerAddress', address),
    g.json,
    // The mail links to our own page (auth.ts), so no redirect the client names is passed on.
    g.validate(requestPasswordResetBody, ({ email }) => ({ email })),
    forward,
  );
  app.post('/reset-password', g.readBody, g.json, g.wellFormedResetToken, g.validate(resetPasswordBody), async (c) => {
    const { token, newPassword } = c.get('authBody') as z.output<typeof resetPasswordBody>;
    const userId = await resetTokenOwner(auth, token);
    const answer = await forward(c);
    if (answer.status !== 200 || !userId) return answer;
    return signedInAfterReset(auth, { userId, password: newPassword, headers: c.req.raw.headers }, answer);
  });
  // The reset page asks first, so a used or expired link says so before a new password is typed.
  app.get('/reset-password/status', async (c) => {
    const token = resetToken.safeParse(c.req.query('token'));
    if (!token.success || !(await resetTokenOwner(auth, token.data))) throw new AppError('INVALID_RESET_TOKEN');
    return c.json({ valid: true });
  });
  app.post(
    '/change-password',
    g.signedIn,
    g.readBody,
    // Guessing the current password is guessing the password: it counts as a sign-in attempt on the account.
    g.limit('signIn', (c) => `${address(c)}:${c.get('account').email}`),
    g.json,
    g.validate(changePasswordBody, (body) => ({ ...body, revokeOtherSessions: true })),
    forward,
  );
  app.post('/update-user', g.signedIn, g.readBody, g.json, g.validate(updateUserBody), forward);

  return app;
}
