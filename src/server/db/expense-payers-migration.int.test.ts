import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { findPayers } from '../features/expenses/repo.ts';
import { createEmptyTestDatabase } from '../testing/database.ts';
import { ledgerVersion, migrateFrom, migrationsBefore } from '../testing/migrations.ts';
import type { Database } from './client.ts';
import { expensePayers } from './schema/index.ts';

// The migration that gave expenses a list of payers (decision 057), run on a database that already holds expenses.

const PAYERS = '0011_expense_payers';

async function seedBeforePayers(database: Database) {
  const ids = { group: randomUUID(), anna: randomUUID(), bo: randomUUID(), first: randomUUID(), second: randomUUID() };
  const statements = [
    sql`insert into users (id, name, email) values ('u-anna', 'Anna', 'anna@example.se'), ('u-bo', 'Bo', 'bo@example.se')`,
    sql`insert into groups (id, name, owner_id, invite_code) values (${ids.group}, 'Stugan', 'u-anna', 'ABCD2345')`,
    sql`insert into group_members (id, group_id, user_id, role, joined_at) values
          (${ids.anna}, ${ids.group}, 'u-anna', 'owner', '2026-11-01T10:00:00Z'),
          (${ids.bo}, ${ids.group}, 'u-bo', 'member', '2026-11-02T10:00:00Z')`,
    sql`insert into expenses (id, group_id, payer_member_id, created_by_member_id, total_ore, currency, rate_micros,
          rate_source, expense_date, split_method)
        values (${ids.first}, ${ids.group}, ${ids.anna}, ${ids.anna}, 10001, 'SEK', 1000000, 'same', '2026-11-20', 'equal'),
               (${ids.second}, ${ids.group}, ${ids.bo}, ${ids.anna}, 999, 'EUR', 11482300, 'manual', '2026-11-21', 'equal')`,
    sql`insert into expense_shares (expense_id, member_id, share_type, share_ore)
        values (${ids.first}, ${ids.anna}, 'equal', 5001), (${ids.first}, ${ids.bo}, 'equal', 5000),
               (${ids.second}, ${ids.anna}, 'equal', 999)`,
  ];
  for (const statement of statements) await database.db.execute(statement);
  return ids;
}

describe('giving every expense its payers in a database that holds expenses', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it('makes each payer so far the one payer of the whole total, and bumps the ledger when payers change', async () => {
    database = await createEmptyTestDatabase();
    await migrateFrom(database, migrationsBefore(PAYERS));
    const ids = await seedBeforePayers(database);
    await database.migrate();

    expect(await findPayers(database.db, ids.first)).toMatchObject([{ memberId: ids.anna, amountOre: 10001 }]);
    expect(await findPayers(database.db, ids.second)).toMatchObject([{ memberId: ids.bo, amountOre: 999 }]);

    const before = await ledgerVersion(database, ids.group);
    await database.db.update(expensePayers).set({ amountOre: 6001 }).where(eq(expensePayers.expenseId, ids.first));
    expect(await ledgerVersion(database, ids.group)).toBe(before + 1);
    await database.db.insert(expensePayers).values({ expenseId: ids.first, memberId: ids.bo, amountOre: 4000 });
    expect(await ledgerVersion(database, ids.group)).toBe(before + 2);
    await database.db.delete(expensePayers).where(eq(expensePayers.memberId, ids.bo));
    expect(await ledgerVersion(database, ids.group)).toBe(before + 3);
  });
});
