import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import type { MembershipCache } from './membership-cache.ts';
import { SAFE_METHODS } from './security.ts';
import { sessionCookieValue } from './session-cache.ts';
import type { SessionCache } from './session-cache.ts';

type SessionOf = (headers: Headers) => Promise<{
  user: { id: string; email: string; name: string };
  session: { id: string; expiresAt: Date };
} | null>;

export type SessionLookupDeps = {
  cookieName: string;
  sessionCache: SessionCache;
  membershipCache: MembershipCache;
  /** better-auth's lookup: the cookie's signature checked and the session read from the database. */
  sessionOf: SessionOf;
};

const GET_SESSION = '/api/auth/get-session';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** The plain get-session call the web app makes; one with options (query) always goes to better-auth. */
const isPlainGetSession = (c: Context) =>
  c.req.method === 'GET' && c.req.path === GET_SESSION && c.req.url.endsWith(GET_SESSION);

type SessionAnswer = {
  session?: { id?: unknown; expiresAt?: unknown };
  user?: { id?: unknown; email?: unknown; name?: unknown };
};

/**
 * Keeps better-auth's get-session answer with the cookie's entry, if it is a session and sets no cookie (an answer
 * that refreshes the session's expiry is never kept, so the refresh reaches the browser).
 */
async function keepAnswer(sessionCache: SessionCache, key: string, res: Response): Promise<void> {
  if (res.status !== 200 || res.headers.has('set-cookie')) return;
  const text = await res.clone().text();
  const value = JSON.parse(text) as SessionAnswer | null;
  const { session, user } = value ?? {};
  if (typeof session?.id !== 'string' || typeof session.expiresAt !== 'string') return;
  if (typeof user?.id !== 'string' || typeof user.email !== 'string' || typeof user.name !== 'string') return;
  const entry = { user: { id: user.id, email: user.email, name: user.name }, sessionId: session.id, answer: text };
  sessionCache.set(key, entry, new Date(session.expiresAt));
}

/**
 * Who is signed in, for every /api request: from the session cache (decision 051), else from better-auth. The plain
 * get-session call is answered from the cache too, with the very bytes better-auth sent for this cookie (decision
 * 070). Writes drop what they may have changed: the user's sessions, and every kept membership (decision 064).
 */
export function sessionLookup({
  cookieName,
  sessionCache,
  membershipCache,
  sessionOf,
}: SessionLookupDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = sessionCookieValue(c.req.header('cookie'), cookieName);
    const signedIn = key ? sessionCache.get(key) : undefined;
    const write = !SAFE_METHODS.has(c.req.method);
    if (c.req.path.startsWith('/api/auth/')) {
      const plainGetSession = key !== undefined && isPlainGetSession(c);
      if (plainGetSession && signedIn?.answer) return c.body(signedIn.answer, 200, JSON_HEADERS);
      await next();
      if (plainGetSession) await keepAnswer(sessionCache, key, c.res);
      // Signing out, changing the password or revoking sessions here is seen at once by this process's cache.
      if (signedIn && write) sessionCache.forgetUser(signedIn.user.id);
      return;
    }
    // A write here (a member removed, a group settled, an account deleted) is seen by the next request at once, not
    // only when its change notification arrives (decision 064).
    if (write) membershipCache.clear();
    if (signedIn) {
      c.set('user', signedIn.user);
      c.set('sessionId', signedIn.sessionId);
    } else if (key) {
      const session = await sessionOf(c.req.raw.headers);
      if (session) {
        const user = { id: session.user.id, email: session.user.email, name: session.user.name };
        c.set('user', user);
        c.set('sessionId', session.session.id);
        sessionCache.set(key, { user, sessionId: session.session.id }, session.session.expiresAt);
      }
    }
    await next();
    if (!write) return;
    // A write may end sessions (account deletion) or change what a session carries (the name): look it up again.
    membershipCache.clear();
    const user = c.get('user');
    if (user) sessionCache.forgetUser(user.id);
  };
}
