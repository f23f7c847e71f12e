import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { personName } from '#shared/api/person-name.ts';
import { fill, sv } from '#shared/i18n/sv.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mail.ts';
import { passwordHashing } from './password.ts';
import { createProfile, renameProfile } from './repo.ts';

const COOKIE_PREFIX = 'kvitt';
/** The signed session cookie better-auth sets (`__Secure-` in front of it over https). */
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** A reset link is valid for one hour and, because better-auth deletes the token on use, once. */
export const RESET_TOKEN_SECONDS = 60 * 60;
const SESSION_DAYS = 30;

export type AuthDeps = { db: Db; env: Env; mailer: Mailer; logger: Logger };

/** better-auth on our own tables: e-mail and password, reset by mail, database sessions in an httpOnly cookie. */
export function createAuth({ db, env, mailer, logger }: AuthDeps) {
  const publicUrl = new URL(env.PUBLIC_URL);
  const password = passwordHashing(env.NODE_ENV);
  return betterAuth({
    appName: sv.shell.product,
    baseURL: publicUrl.origin,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET ?? 'kvitt-development-secret-not-for-production-use',
    trustedOrigins: [publicUrl.origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(password ? { password } : {}),
      sendResetPassword: async ({ user, token }) => {
        // Link straight to our page: better-auth's own URL would detour through a redirect endpoint.
        const link = `${publicUrl.origin}/reset-password?token=${encodeURIComponent(token)}`;
        const mail = sv.auth.mail;
        const text = [fill(mail.resetGreeting, { name: user.name }), '', mail.resetBody, '', link, '', mail.resetIgnore, '', mail.signature].join('\n');
        await mailer.send({ to: user.email, subject: mail.resetSubject, text, link });
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    // Our own database-backed limiter guards sign-in, sign-up and reset for every process (see routes.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: publicUrl.protocol === 'https:',
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ['x-forwarded-for'] : [] },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        logger[method]({ args }, `better-auth: ${message}`);
      },
    },
    // Every write of a user's name through better-auth keeps the profile's rules and the profile's copy of the name.
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: checkedName(user.name) } }),
          after: async (user) => {
            await createProfile(db, { userId: user.id, name: user.name });
          },
        },
        update: {
          before: async (user) => (user.name === undefined ? { data: user } : { data: { ...user, name: checkedName(user.name) } }),
          after: async (user) => {
            await renameProfile(db, { userId: user.id, name: user.name });
          },
        },
      },
    },
  });
}

/** The name under the profile rules, or better-auth's validation error (our guards check first; this is the floor). */
function checkedName(name: unknown): string {
  const parsed = personName.safeParse(name);
  if (!parsed.success) throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: 'name breaks the profile rules' });
  return parsed.data;
}

export type Auth = ReturnType<typeof createAuth>;
