import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createRateLimiter, storedRateKey } from './rate-limit.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const rule = { limit: 2, windowMs: 60_000 };

describe('rate-limit keys', () => {
  it('counts keys of a megabyte, with NUL or with lone surrogates, each in a bucket of its own', async () => {
    const limiter = createRateLimiter(database.db);
    const keys = [
      `auth:signIn:${'x'.repeat(1_000_000)}`,
      'auth:signIn:a\u0000b@example.se',
      'auth:signIn:\uD800@example.se',
      `auth:signIn:${'ö'.repeat(600)}`,
    ];
    for (const key of keys) {
      const verdicts = [await limiter.hit(key, rule), await limiter.hit(key, rule), await limiter.hit(key, rule)];
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false]);
    }
    const result = await database.db.execute<{ key: string }>(sql`select key from rate_limits`);
    const stored = (result as { rows: Array<{ key: string }> }).rows.map((row) => row.key);
    expect(stored).toHaveLength(keys.length);
    expect(stored.every((key) => /^sha256:[0-9a-f]{64}$/.test(key))).toBe(true);
  });

  it('keeps a short, clean key readable, so account deletion can still find the e-mail in it', () => {
    expect(storedRateKey('auth:signIn:127.0.0.1:anna@example.se')).toBe('auth:signIn:127.0.0.1:anna@example.se');
    expect(storedRateKey('k'.repeat(501))).toMatch(/^sha256:/);
  });
});
