import { isIP } from 'node:net';
import type { Context } from 'hono';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

export type SessionUser = { id: string; email: string; name: string };

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    user: SessionUser | null;
    /** The id (never the token) of the session the request came with, for streams that must end with it. */
    sessionId: string | null;
  };
};

/** The signed-in user, or UNAUTHENTICATED: the one gate every signed-in-only route goes through. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/**
 * The caller's address for rate limits: the socket's, or the first forwarded one behind a trusted proxy if it is an
 * IP address. Anything else in the header (kilobytes of junk) would become a rate-limit key too long to index.
 */
export function clientAddress(c: Context, trustProxy: boolean, socketAddress: string | undefined): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded && isIP(forwarded)) return forwarded;
  }
  return socketAddress ?? 'unknown';
}
