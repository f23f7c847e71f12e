import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { Realtime } from './realtime.ts';

/** True while the session exists and has not expired: the same test better-auth applies to its cookie. */
export async function sessionAlive(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

export type SessionWatchOptions = {
  db: Db;
  realtime: Realtime;
  sessionId: string;
  userId: string;
  /** How often the session is read again without being told: catches expiry and a notification lost meanwhile. */
  recheckMs: number;
  onError: (error: unknown) => void;
};

export type SessionWatch = { ended: Promise<void>; stop(): void };

/**
 * Settles `ended` once the session is gone (decision 038): at once when any of its user's sessions is deleted
 * (sign-out, revocation, password change, account deletion all delete rows, which migration 0006 announces), and
 * at the latest `recheckMs` after it expired. A failed read keeps the session: a database hiccup ends no stream.
 */
export async function watchSession(options: SessionWatchOptions): Promise<SessionWatch> {
  const { db, realtime, sessionId, userId, recheckMs, onError } = options;
  let stopped = false;
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  const check = async () => {
    if (stopped) return;
    try {
      if (!(await sessionAlive(db, sessionId))) end();
    } catch (error) {
      onError(error);
    }
  };
  const unsubscribe = await realtime.subscribe((change) => {
    if (change.table === 'sessions' && change.userId === userId) void check();
  });
  const timer = setInterval(() => void check(), recheckMs);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    unsubscribe();
  };
  void ended.then(stop);
  // A session deleted before the subscription above took hold would never be announced to it.
  await check();
  return { ended, stop };
}
