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

/** What a write may have changed of what the caches keep, read from its address (decision 088). */
type WriteReach =
  /** One group, its members and its ledger; no session. */
  | { groupId: string }
  /** Expenses, recurring series or nothing at all (a receipt read): no group row, member or session. */
  | 'ledger'
  /** Anything: the account (its name, its deletion), joining a group, an import. */
  | 'any';

const GROUP_ADDRESS = /^\/api\/groups\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;
const LEDGER_ADDRESS = /^\/api\/(?:expenses|recurring-expenses)\/|^\/api\/receipts\/ocr$/;

function writeReach(path: string): WriteReach {
  const group = GROUP_ADDRESS.exec(path);
  if (group?.[1]) return { groupId: group[1] };
  return LEDGER_ADDRESS.test(path) ? 'ledger' : 'any';
}

/** Drops the kept memberships a write may change, before it runs and again after (decision 064). */
function forgetMemberships(membershipCache: MembershipCache, reach: WriteReach): void {
  if (reach === 'any') membershipCache.clear();
  else if (reach !== 'ledger') membershipCache.forgetGroup(reach.groupId);
}

/**
 * Who is signed in, for every /api request: from the session cache (decision 051), else from better-auth. The plain
 * get-session call is answered from the cache too, with the very bytes better-auth sent for this cookie (decision
 * 070). Writes drop what they may have changed (decision 088): the kept memberships of the group they write to, or
 * all of them, and the user's sessions unless the write is to a group, an expense or a receipt reading.
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
    const reach = write ? writeReach(c.req.path) : null;
    if (reach) forgetMemberships(membershipCache, reach);
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
    if (!reach) return;
    forgetMemberships(membershipCache, reach);
    // A write to the account may end sessions (deletion) or change what a session carries (the name): look it up again.
    const user = c.get('user');
    if (user && reach === 'any') sessionCache.forgetUser(user.id);
  };
}
