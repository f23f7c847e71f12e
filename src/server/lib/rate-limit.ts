import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type RateRule = { limit: number; windowMs: number };

export interface RateLimiter {
  /** Counts one attempt under key; false once the window already holds `limit` attempts. */
  hit(key: string, rule: RateRule): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

// A btree entry holds at most ~2,700 bytes; 500 characters stay below it even at 4 bytes each.
const READABLE_KEY_MAX = 500;
const UNSAFE_IN_KEY = /[\p{Cc}\p{Cs}]/u;

/**
 * The key as stored: short, clean keys as they are (account deletion finds its e-mail in them), anything longer or
 * holding control characters or lone surrogates (which PostgreSQL refuses) as its SHA-256, so no key can overflow
 * the index or break the insert, whatever a client puts in an e-mail or a forwarded address.
 */
export function storedRateKey(key: string): string {
  if (key.length <= READABLE_KEY_MAX && !UNSAFE_IN_KEY.test(key)) return key;
  return `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

/**
 * Fixed-window counters in the database, so every server process on one database shares the same limits
 * (an in-memory counter would let a client multiply its attempts by the number of processes).
 */
export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, rule) {
      const windowSeconds = rule.windowMs / 1000;
      const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
        insert into rate_limits (key, window_start, count) values (${storedRateKey(key)}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                       then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                       then now() else rate_limits.window_start end
        returning count, window_start`);
      const row = (result as { rows: Array<{ count: number; window_start: string | Date }> }).rows[0];
      const count = Number(row?.count ?? 1);
      const started = new Date(row?.window_start ?? Date.now()).getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((started + rule.windowMs - Date.now()) / 1000));
      return { allowed: count <= rule.limit, retryAfterSeconds };
    },
  };
}
