import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findPayers } from '../features/expenses/repo.ts';
import { databaseBefore, ledgerVersion, seedGroupOfTwo } from '../testing/migrations.ts';
import type { Database } from './client.ts';
import { expensePayers } from './schema/index.ts';

// The migration that gave expenses a list of payers (decision 057), run on a database that already holds expenses.

const PAYERS = '0011_expense_payers';

async function seedBeforePayers(database: Database) {
  const more = { first: randomUUID(), second: randomUUID() };
  const ids = await seedGroupOfTwo(database, ({ group, anna, bo }) => [
    sql`insert into expenses (id, group_id, payer_member_id, created_by_member_id, total_ore, currency, rate_micros,
          rate_source, expense_date, split_method)
        values (${more.first}, ${group}, ${anna}, ${anna}, 10001, 'SEK', 1000000, 'same', '2026-11-20', 'equal'),
               (${more.second}, ${group}, ${bo}, ${anna}, 999, 'EUR', 11482300, 'manual', '2026-11-21', 'equal')`,
    sql`insert into expense_shares (expense_id, member_id, share_type, share_ore)
        values (${more.first}, ${anna}, 'equal', 5001), (${more.first}, ${bo}, 'equal', 5000),
               (${more.second}, ${anna}, 'equal', 999)`,
  ]);
  return { ...ids, ...more };
}

describe('giving every expense its payers in a database that holds expenses', () => {
  it('makes each payer so far the one payer of the whole total, and bumps the ledger when payers change', async () => {
    const database = await databaseBefore(PAYERS);
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
