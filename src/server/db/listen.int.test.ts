import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from './client.ts';
import { createTestDatabase } from '../testing/database.ts';
import { eventually } from '../testing/harness.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const notify = (payload: string) => database.db.execute(sql`select pg_notify('kvitt_test', ${payload})`);

describe(`LISTEN/NOTIFY on ${inject('dbKind')}`, () => {
  it('delivers a notification to a listener on the same database', async () => {
    const received: string[] = [];
    await database.listen('kvitt_test', (payload) => received.push(payload));
    await notify('first');
    expect(await eventually(() => (received.includes('first') ? received : undefined))).toContain('first');
  });

  if (inject('dbKind') === 'postgres') {
    it('listens again by itself after the server terminates the listening connection', async () => {
      const received: string[] = [];
      await database.listen('kvitt_test', (payload) => received.push(payload));
      const errors: string[] = [];
      const url = (database as unknown as { url?: string }).url;
      expect(url).toBeTypeOf('string');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      await admin.end();
      // Keep notifying until the replacement connection listens; nothing may crash meanwhile.
      await eventually(
        () => {
          void notify('after').catch((error: Error) => errors.push(error.message));
          return received.includes('after') ? true : undefined;
        },
        15_000,
      );
      expect(received).toContain('after');
    });
  }
});
