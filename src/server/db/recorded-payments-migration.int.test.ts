import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore, seedGroupOfTwo } from '../testing/migrations.ts';
import { groups, settlements } from './schema/index.ts';

// The migration that lets payments be recorded by hand (decision 059), run on a database that already holds payments.

describe('adding recorded payments to a database that holds marked transfers', () => {
  it('keeps every payment as a proposed transfer paid on the day it was saved in Sweden, and shows every transfer', async () => {
    const database = await databaseBefore('0013_recorded_payments');
    const late = randomUUID();
    const noon = randomUUID();
    const ids = await seedGroupOfTwo(database, ({ group, anna, bo }) => [
      // 23:30 UTC on 24 November is 00:30 on the 25th in Stockholm.
      sql`insert into settlements (id, group_id, from_member_id, to_member_id, amount_ore, currency, paid_at) values
            (${late}, ${group}, ${bo}, ${anna}, 12000, 'SEK', '2026-11-24T23:30:00Z'),
            (${noon}, ${group}, ${anna}, ${bo}, 500, 'SEK', '2026-06-01T10:00:00Z')`,
    ]);

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
      { id: noon, kind: 'proposed', method: null, paidOn: '2026-06-01', note: null, recordedBy: null },
      { id: late, kind: 'proposed', method: null, paidOn: '2026-11-25', note: null, recordedBy: null },
    ]);
    const [group] = await database.db
      .select({ minTransferOre: groups.minTransferOre })
      .from(groups)
      .where(eq(groups.id, ids.group));
    expect(group).toEqual({ minTransferOre: 0 });
  });
});
