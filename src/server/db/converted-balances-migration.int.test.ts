import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { computeBalances, expenseInGroupCurrency } from '#shared/domain/balances.ts';
import { loadLedger } from '../features/settlement/repo.ts';
import { convertStoredAmounts, unconvertedExpensesOf } from '../repositories/converted-amounts.ts';
import { databaseBefore, seedGroupOfTwo } from '../testing/migrations.ts';
import { expensePayers, expenseShares, ledgerMemberSums } from './schema/index.ts';

// The migration that keeps expenses in another currency in the running sums (decision 078), run on a database that
// already holds such expenses, then the conversion the server runs at startup.

const CONVERTED = '0018_converted_balances';

describe('keeping expenses in another currency in the running sums of a database that holds them', () => {
  it('converts their rows at startup as the domain does, balances right before and after', async () => {
    const database = await databaseBefore(CONVERTED);
    const more = { sek: randomUUID(), eur: randomUUID(), unrated: randomUUID() };
    const ids = await seedGroupOfTwo(database, ({ group, anna, bo }) => [
      sql`insert into expenses (id, group_id, payer_member_id, created_by_member_id, total_ore, currency, rate_micros,
            rate_source, expense_date, split_method)
          values (${more.sek}, ${group}, ${anna}, ${anna}, 10001, 'SEK', 1000000, 'same', '2026-11-20', 'equal'),
                 (${more.eur}, ${group}, ${bo}, ${anna}, 1001, 'EUR', 11482300, 'manual', '2026-11-21', 'equal'),
                 (${more.unrated}, ${group}, ${bo}, ${anna}, 700, 'EUR', 1000000, 'fallback', '2026-11-22', 'equal')`,
      sql`insert into expense_payers (expense_id, member_id, amount_ore)
          values (${more.sek}, ${anna}, 10001), (${more.eur}, ${bo}, 1001), (${more.unrated}, ${bo}, 700)`,
      sql`insert into expense_shares (expense_id, member_id, share_type, share_ore)
          values (${more.sek}, ${anna}, 'equal', 5001), (${more.sek}, ${bo}, 'equal', 5000),
                 (${more.eur}, ${anna}, 'equal', 501), (${more.eur}, ${bo}, 'equal', 500),
                 (${more.unrated}, ${anna}, 'equal', 350), (${more.unrated}, ${bo}, 'equal', 350)`,
      sql`insert into settlements (group_id, from_member_id, to_member_id, amount_ore, currency)
          values (${group}, ${bo}, ${anna}, 2000, 'SEK')`,
    ]);
    await database.migrate();
    const db = database.db;
    const eurDinner = {
      id: more.eur,
      totalOre: 1001,
      rateMicros: 11_482_300,
      payers: [{ memberId: ids.bo, amountOre: 1001 }],
      shares: [
        { memberId: ids.anna, shareOre: 501 },
        { memberId: ids.bo, shareOre: 500 },
      ],
    };
    const eur = expenseInGroupCurrency(eurDinner);
    const annaEur = eur.shares[0]?.amountOre ?? 0;
    // Every expense converted by the domain alone; the unrated one counts 1:1 at its stored rate, as before.
    const expected = computeBalances({
      memberIds: [ids.anna, ids.bo],
      expenses: [
        {
          id: more.sek,
          totalOre: 10_001,
          rateMicros: 1_000_000,
          payers: [{ memberId: ids.anna, amountOre: 10_001 }],
          shares: [
            { memberId: ids.anna, shareOre: 5_001 },
            { memberId: ids.bo, shareOre: 5_000 },
          ],
        },
        eurDinner,
        {
          id: more.unrated,
          totalOre: 700,
          rateMicros: 1_000_000,
          payers: [{ memberId: ids.bo, amountOre: 700 }],
          shares: [
            { memberId: ids.anna, shareOre: 350 },
            { memberId: ids.bo, shareOre: 350 },
          ],
        },
      ],
      payments: [{ fromMemberId: ids.bo, toMemberId: ids.anna, amountOre: 2_000 }],
    }).map((b) => b.balance);
    const balances = async () =>
      computeBalances({
        memberIds: [ids.anna, ids.bo],
        totals: (await loadLedger(db, { id: ids.group, currency: 'SEK' })).totals,
      }).map((b) => b.balance);

    // Before the startup conversion the euro dinner is converted on read.
    expect(await balances()).toEqual(expected);
    expect((await unconvertedExpensesOf(db, ids.group)).map((e) => e.id)).toEqual([more.eur]);

    expect(await convertStoredAmounts(db)).toBe(1);
    expect(await unconvertedExpensesOf(db, ids.group)).toEqual([]);
    expect(await balances()).toEqual(expected);
    const stored = await db
      .select({ memberId: expenseShares.memberId, groupShareOre: expenseShares.groupShareOre })
      .from(expenseShares)
      .where(eq(expenseShares.expenseId, more.eur))
      .orderBy(expenseShares.shareOre);
    expect(stored).toEqual([
      { memberId: ids.bo, groupShareOre: eur.shares[1]?.amountOre },
      { memberId: ids.anna, groupShareOre: annaEur },
    ]);
    const [boPaid] = await db
      .select({ groupAmountOre: expensePayers.groupAmountOre })
      .from(expensePayers)
      .where(eq(expensePayers.expenseId, more.eur));
    expect(boPaid?.groupAmountOre).toBe(eur.totalOre);
    const sums = await db.select().from(ledgerMemberSums).where(eq(ledgerMemberSums.memberId, ids.bo));
    expect(sums).toMatchObject([{ convertedPaidOre: eur.totalOre, convertedShareOre: eur.shares[1]?.amountOre }]);
    // A second run finds nothing left to convert.
    expect(await convertStoredAmounts(db)).toBe(0);
  });
});
