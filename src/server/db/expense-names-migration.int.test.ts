import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findExpense, findShares } from '../features/expenses/repo.ts';
import { databaseBefore, ledgerVersion, rowsOf, seedGroupOfTwo } from '../testing/migrations.ts';
import type { Database } from './client.ts';
import { auditLog, expenseShares } from './schema/index.ts';

// The migration that renamed receipts to expenses (decision 042), run on a database that already holds data.

const RENAME = '0008_expense_names';

/** Everything the old migrations named after receipts, at the previous level, written as the app wrote it. */
async function seedBeforeRename(database: Database) {
  const more = { expense: randomUUID(), audit: randomUUID() };
  const ids = await seedGroupOfTwo(database, ({ group, anna, bo }) => {
    const ids = { ...more, group, anna, bo };
    return [
      sql`insert into receipts (id, group_id, payer_member_id, created_by_member_id, total_ore, currency, receipt_date,
          merchant, category, split_method, image_key, thumb_key)
        values (${ids.expense}, ${ids.group}, ${ids.anna}, ${ids.anna}, 10001, 'SEK', '2026-11-20', 'ICA Nära', 'mat',
          'equal', ${`receipts/${ids.group}/photo`}, ${`receipts/${ids.group}/photo.thumb`})`,
      sql`insert into receipt_shares (receipt_id, member_id, share_type, share_ore)
        values (${ids.expense}, ${ids.anna}, 'equal', 5001), (${ids.expense}, ${ids.bo}, 'equal', 5000)`,
      sql`insert into audit_log (id, group_id, actor_id, entity_type, entity_id, action, diff_json)
        values (${ids.audit}, ${ids.group}, 'u-anna', 'receipt', ${ids.expense}, 'created',
          ${JSON.stringify({ receiptDate: { from: null, to: '2026-11-20' }, merchant: { from: null, to: 'ICA Nära' } })}::jsonb)`,
    ];
  });
  return { ...ids, ...more };
}

describe('renaming receipts to expenses in a database that holds data', () => {
  it('keeps every expense, share and audit entry, read back under the new names', async () => {
    const database = await databaseBefore(RENAME);
    const ids = await seedBeforeRename(database);
    const versionBefore = await ledgerVersion(database, ids.group);
    expect(versionBefore).toBeGreaterThan(0);

    await database.migrate();

    expect(await findExpense(database.db, ids.expense)).toMatchObject({
      id: ids.expense,
      groupId: ids.group,
      payerMemberId: ids.anna,
      totalOre: 10001,
      expenseDate: '2026-11-20',
      merchant: 'ICA Nära',
      imageKey: `receipts/${ids.group}/photo`,
    });
    const shares = await findShares(database.db, ids.expense);
    expect(shares.map((share) => [share.memberId, share.shareOre])).toEqual([
      [ids.anna, 5001],
      [ids.bo, 5000],
    ]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.id, ids.audit));
    expect([audit?.entityType, audit?.diffJson]).toEqual([
      'expense',
      { expenseDate: { from: null, to: '2026-11-20' }, merchant: { from: null, to: 'ICA Nära' } },
    ]);
    expect(await ledgerVersion(database, ids.group)).toBe(versionBefore);
  });

  it('bumps the ledger version through the renamed triggers and names nothing after receipts but the uploads', async () => {
    const database = await databaseBefore(RENAME);
    const ids = await seedBeforeRename(database);
    await database.migrate();

    const before = await ledgerVersion(database, ids.group);
    await database.db.update(expenseShares).set({ shareOre: 5002 }).where(eq(expenseShares.memberId, ids.anna));
    expect(await ledgerVersion(database, ids.group)).toBe(before + 1);
    await database.db.execute(sql`update expenses set total_ore = 10002 where id = ${ids.expense}`);
    expect(await ledgerVersion(database, ids.group)).toBe(before + 2);

    const names = await rowsOf<{ name: string }>(
      database,
      sql`select tgname as name from pg_trigger where not tgisinternal
          union all select proname from pg_proc where proname like 'kvitt_%'
          union all select indexname from pg_indexes where schemaname = 'public'
          union all select conname from pg_constraint where connamespace = 'public'::regnamespace
          union all select table_name from information_schema.tables where table_schema = 'public'
          union all select column_name from information_schema.columns where table_schema = 'public'`,
    );
    const receiptNames = names.map((row) => row.name).filter((name) => name.includes('receipt'));
    expect(receiptNames.length).toBeGreaterThan(0);
    expect(receiptNames.filter((name) => !name.startsWith('receipt_uploads'))).toEqual([]);
  });
});
