import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../testing/database.ts';
import { migrateFrom, migrationsBefore } from '../testing/migrations.ts';
import type { Database } from './client.ts';
import { groups, settlements } from './schema/index.ts';

// The migration that lets payments be recorded by hand (decision 059), run on a database that already holds payments.

describe('adding recorded payments to a database that holds marked transfers', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it('keeps every payment as a proposed transfer paid on the day it was saved in Sweden, and shows every transfer', async () => {
    database = await createEmptyTestDatabase();
    await migrateFrom(database, migrationsBefore('0013_recorded_payments'));
    const ids = { group: randomUUID(), anna: randomUUID(), bo: randomUUID(), late: randomUUID(), noon: randomUUID() };
    const statements = [
      sql`insert into users (id, name, email) values ('u-anna', 'Anna', 'anna@example.se'), ('u-bo', 'Bo', 'bo@example.se')`,
      sql`insert into groups (id, name, owner_id, invite_code) values (${ids.group}, 'Stugan', 'u-anna', 'ABCD2345')`,
      sql`insert into group_members (id, group_id, user_id, role) values
            (${ids.anna}, ${ids.group}, 'u-anna', 'owner'), (${ids.bo}, ${ids.group}, 'u-bo', 'member')`,
      // 23:30 UTC on 24 November is 00:30 on the 25th in Stockholm.
      sql`insert into settlements (id, group_id, from_member_id, to_member_id, amount_ore, currency, paid_at) values
            (${ids.late}, ${ids.group}, ${ids.bo}, ${ids.anna}, 12000, 'SEK', '2026-11-24T23:30:00Z'),
            (${ids.noon}, ${ids.group}, ${ids.anna}, ${ids.bo}, 500, 'SEK', '2026-06-01T10:00:00Z')`,
    ];
    for (const statement of statements) await database.db.execute(statement);

    await database.migrate();

    const rows = await database.db
      .select({
        id: settlements.id,
        kind: settlements.kind,
        method: settlements.method,
        paidOn: settlements.paidOn,
        note: settlements.note,
        recordedBy: settlements.recordedByMemberId,
      })
      .from(settlements)
      .orderBy(settlements.paidOn);
    expect(rows).toEqual([
      { id: ids.noon, kind: 'proposed', method: null, paidOn: '2026-06-01', note: null, recordedBy: null },
      { id: ids.late, kind: 'proposed', method: null, paidOn: '2026-11-25', note: null, recordedBy: null },
    ]);
    const [group] = await database.db
      .select({ minTransferOre: groups.minTransferOre })
      .from(groups)
      .where(eq(groups.id, ids.group));
    expect(group).toEqual({ minTransferOre: 0 });
  });
});
