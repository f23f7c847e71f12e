import type { Logger } from './logger.ts';
import type { Realtime } from './realtime.ts';

export type SessionUser = { id: string; email: string; name: string };
export type CachedSession = {
  user: SessionUser;
  sessionId: string;
  /** better-auth's get-session answer for this cookie as it was sent, once one was asked for (decision 070). */
  answer?: string;
};

/** How long a looked-up session is trusted without asking the database again (decision 051). */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** The signed session cookie's value (with or without the __Secure- prefix), the key a lookup is kept under. */
export function sessionCookieValue(cookieHeader: string | undefined, cookieName: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === cookieName || name === `__Secure-${cookieName}`) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

export interface SessionCache {
  get(key: string): CachedSession | undefined;
  set(key: string, session: CachedSession, expiresAt: Date): void;
  /** Forgets every session of a user: after a write of theirs in this process, or when any process ends one. */
  forgetUser(userId: string): void;
}

/**
 * Session lookups kept per signed cookie for at most 30 s. Ending a session deletes its row, which migration 0006
 * announces to every process; each drops that user's entries on hearing it. Until this process listens, nothing is
 * kept, so no ending can be missed while it starts; it starts listening when made. A lost notification is covered by the 30 s limit.
 */
export function createSessionCache(options: { realtime: Realtime; logger: Logger; ttlMs?: number; now?: () => number }): SessionCache {
  const { realtime, logger, ttlMs = SESSION_CACHE_TTL_MS, now = Date.now } = options;
  const entries = new Map<string, CachedSession & { userId: string; until: number }>();
  let listening = false;
  let starting: Promise<void> | null = null;

  const forgetUser = (userId: string) => {
    for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
  };
  const start = () => {
    starting ??= realtime
      .subscribe((change) => {
        if (change.table === 'sessions' && change.userId) forgetUser(change.userId);
      })
      .then(
        () => {
          listening = true;
        },
        (error: unknown) => {
          logger.warn({ err: error }, 'session cache off: could not listen for ended sessions');
          starting = null;
        },
      );
  };

  start();
  return {
    get(key) {
      start();
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    set(key, session, expiresAt) {
      if (!listening) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { ...session, userId: session.user.id, until: Math.min(now() + ttlMs, expiresAt.getTime()) });
    },
    forgetUser,
  };
}
