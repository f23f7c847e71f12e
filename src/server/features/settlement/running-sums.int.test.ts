import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { computeBalances, withGroupAmounts } from '#shared/domain/balances.ts';
import type { BalanceExpense } from '#shared/domain/balances.ts';
import { createPrng, pick, randomInt, shuffled } from '#shared/domain/testing/prng.ts';
import type { Db } from '../../db/client.ts';
import {
  expensePayers,
  expenseShares,
  expenses,
  groups,
  ledgerCurrencyCounts,
  ledgerMemberSums,
  settlements,
} from '../../db/schema/index.ts';
import { convertStoredAmounts, unconvertedExpensesOf } from '../../repositories/converted-amounts.ts';
import { insertExpense } from '../../testing/factories.ts';
import type { TestServer } from '../../testing/harness.ts';
import { groupOf, startServer } from '../../testing/settlement-suite.ts';
import { ledgerStateIn } from './ledger-cache.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

/** Every expense of the group row by row and every payment, converted and added up by the domain alone. */
async function fullRecomputation(db: Db, groupId: string) {
  const rows = await db.select().from(expenses).where(eq(expenses.groupId, groupId));
  const ids = rows.map((r) => r.id);
  const shares = ids.length ? await db.select().from(expenseShares).where(inArray(expenseShares.expenseId, ids)) : [];
  const payers = ids.length ? await db.select().from(expensePayers).where(inArray(expensePayers.expenseId, ids)) : [];
  const all: BalanceExpense[] = rows.map((row) => ({
    id: row.id,
    totalOre: row.totalOre,
    rateMicros: row.rateMicros,
    payers: payers.filter((p) => p.expenseId === row.id).map((p) => ({ memberId: p.memberId, amountOre: p.amountOre })),
    shares: shares.filter((s) => s.expenseId === row.id).map((s) => ({ memberId: s.memberId, shareOre: s.shareOre })),
  }));
  const payments = await db.select().from(settlements).where(eq(settlements.groupId, groupId));
  return {
    balances: computeBalances({ memberIds: [], expenses: all, payments }),
    expenseCount: rows.length,
    convertedExpenseCount: rows.filter((r) => r.currency !== 'SEK').length,
    unratedExpenseCount: rows.filter((r) => r.rateSource === 'fallback').length,
  };
}

const nonZero = (balances: ReadonlyArray<{ memberId: string; balance: number }>) =>
  Object.fromEntries(balances.filter((b) => b.balance !== 0).map((b) => [b.memberId, b.balance]));

/** A split of `total` öre over `members`, each at least 0, adding up exactly. */
function splitOf(prng: () => number, total: number, members: readonly string[]) {
  const cuts = Array.from({ length: members.length - 1 }, () => randomInt(prng, 0, total)).sort((a, b) => a - b);
  const bounds = [0, ...cuts, total];
  return members.map((memberId, i) => ({ memberId, amount: (bounds[i + 1] ?? 0) - (bounds[i] ?? 0) }));
}

describe('running sums of the balances', () => {
  for (const seed of [1, 2, 3]) {
    it(`equal the full recomputation after every one of 60 random edits, rate changes and deletes (seed ${seed})`, async () => {
      const prng = createPrng(seed);
      const { group, persons } = await groupOf(
        server,
        ['Anna', 'Bo', 'Cia', 'Dan'].map((name) => ({ name })),
      );
      const db = server.database.db;
      const memberIds = persons.map((p) => p.memberId);
      const foreignRate = () => pick(prng, [11_482_300, 10_612_000, 987_654]);
      const someExpense = async () =>
        pick(prng, await db.select().from(expenses).where(eq(expenses.groupId, group.id)));
      const somePayment = async () =>
        pick(prng, await db.select().from(settlements).where(eq(settlements.groupId, group.id)));
      const operations: Array<() => Promise<unknown>> = [
        async () => {
          const totalOre = randomInt(prng, 1, 500_000);
          const foreign = prng() < 0.4;
          const payers = splitOf(prng, totalOre, shuffled(prng, memberIds).slice(0, randomInt(prng, 1, 2)));
          return insertExpense(db, {
            groupId: group.id,
            payerMemberId: payers[0]?.memberId ?? '',
            // Payers must pay something; a zero part goes to the first.
            payers: payers.filter((p) => p.amount > 0).map((p) => ({ memberId: p.memberId, amountOre: p.amount })),
            totalOre,
            shares: splitOf(prng, totalOre, shuffled(prng, memberIds).slice(0, randomInt(prng, 1, 4))).map((s) => ({
              memberId: s.memberId,
              shareOre: s.amount,
            })),
            currency: foreign ? 'EUR' : 'SEK',
            rateMicros: foreign ? foreignRate() : 1_000_000,
            rateSource: prng() < 0.2 ? 'fallback' : 'same',
          });
        },
        async () => {
          // The rate of an expense moves between the group's own currency and another.
          const expense = await someExpense();
          const foreign = expense.rateMicros === 1_000_000;
          await db
            .update(expenses)
            .set({ currency: foreign ? 'EUR' : 'SEK', rateMicros: foreign ? foreignRate() : 1_000_000 })
            .where(eq(expenses.id, expense.id));
        },
        async () => {
          // An edit as the expense service saves one: a new rate (at times the same), then payers and shares
          // replaced, converted together at that rate; or, as an older server wrote them, without converted amounts.
          const expense = await someExpense();
          const rateMicros = pick(prng, [expense.rateMicros, 1_000_000, foreignRate(), foreignRate()]);
          const payers = splitOf(prng, expense.totalOre, shuffled(prng, memberIds).slice(0, randomInt(prng, 1, 3)))
            .filter((p) => p.amount > 0)
            .map((p) => ({ memberId: p.memberId, amountOre: p.amount }));
          const shares = splitOf(prng, expense.totalOre, shuffled(prng, memberIds).slice(0, randomInt(prng, 1, 4))).map(
            (p) => ({ memberId: p.memberId, shareType: 'equal' as const, shareOre: p.amount }),
          );
          const older = prng() < 0.3;
          const rows = withGroupAmounts({ ...expense, rateMicros, payers, shares });
          await db.transaction(async (tx) => {
            await tx
              .update(expenses)
              .set({ currency: rateMicros === 1_000_000 ? 'SEK' : 'EUR', rateMicros })
              .where(eq(expenses.id, expense.id));
            await tx.delete(expensePayers).where(eq(expensePayers.expenseId, expense.id));
            await tx.delete(expenseShares).where(eq(expenseShares.expenseId, expense.id));
            await tx
              .insert(expensePayers)
              .values((older ? payers : rows.payers).map((p) => ({ expenseId: expense.id, ...p })));
            await tx
              .insert(expenseShares)
              .values((older ? shares : rows.shares).map((p) => ({ expenseId: expense.id, ...p })));
          });
        },
        async () => {
          // The startup conversion, run at any moment: it stores what is missing and moves no balance.
          await convertStoredAmounts(db);
          expect(await unconvertedExpensesOf(db, group.id)).toEqual([]);
        },
        async () => {
          // One share moved in place to a member who had none of the expense, its amount kept.
          const expense = await someExpense();
          const shares = await db.select().from(expenseShares).where(eq(expenseShares.expenseId, expense.id));
          const free = memberIds.filter((id) => !shares.some((s) => s.memberId === id));
          const [share] = shares;
          if (!share || free.length === 0) return;
          await db
            .update(expenseShares)
            .set({ memberId: pick(prng, free) })
            .where(and(eq(expenseShares.expenseId, expense.id), eq(expenseShares.memberId, share.memberId)));
        },
        async () => db.delete(expenses).where(eq(expenses.id, (await someExpense()).id)),
        async () => {
          const [fromMemberId = '', toMemberId = ''] = shuffled(prng, memberIds);
          const amountOre = randomInt(prng, 1, 100_000);
          return db
            .insert(settlements)
            .values({ groupId: group.id, fromMemberId, toMemberId, amountOre, currency: 'SEK' });
        },
        async () => db.delete(settlements).where(eq(settlements.id, (await somePayment()).id)),
        async () => {
          const payment = await somePayment();
          const toMemberId = pick(
            prng,
            memberIds.filter((id) => id !== payment.fromMemberId),
          );
          const amountOre = randomInt(prng, 1, 100_000);
          return db.update(settlements).set({ amountOre, toMemberId }).where(eq(settlements.id, payment.id));
        },
      ];
      for (let step = 0; step < 60; step += 1) {
        const [expenseCount] = await db.select({ n: count() }).from(expenses).where(eq(expenses.groupId, group.id));
        const [paymentCount] = await db
          .select({ n: count() })
          .from(settlements)
          .where(eq(settlements.groupId, group.id));
        // Edits need something to edit: an expense first, a payment before a payment is changed.
        const allowed = operations.filter(
          (_, i) => (![1, 2, 4, 5].includes(i) || (expenseCount?.n ?? 0) > 0) && (i < 7 || (paymentCount?.n ?? 0) > 0),
        );
        await pick(prng, allowed)();
        const incremental = await ledgerStateIn(db, { id: group.id, currency: 'SEK' });
        const full = await fullRecomputation(db, group.id);
        expect(nonZero(incremental.balances)).toEqual(nonZero(full.balances));
        expect([incremental.expenseCount, incremental.convertedExpenseCount, incremental.unratedExpenseCount]).toEqual([
          full.expenseCount,
          full.convertedExpenseCount,
          full.unratedExpenseCount,
        ]);
      }
      // Once converted, a balance read takes every expense from the sums: it reads no expense row.
      await convertStoredAmounts(db);
      expect(await unconvertedExpensesOf(db, group.id)).toEqual([]);
      const converted = await ledgerStateIn(db, { id: group.id, currency: 'SEK' });
      expect(nonZero(converted.balances)).toEqual(nonZero((await fullRecomputation(db, group.id)).balances));
      // 60 steps of several queries each: on a loaded machine more than the default 30 s.
    }, 120_000);
  }

  it('sends a list of converted amounts back to unconverted when one of its rows changes in place', async () => {
    const { group, persons } = await groupOf(
      server,
      ['Anna', 'Bo', 'Cia'].map((name) => ({ name })),
    );
    const [anna, bo, cia] = persons.map((p) => p.memberId) as [string, string, string];
    const db = server.database.db;
    const shares = [
      { memberId: anna, shareOre: 1 },
      { memberId: bo, shareOre: 1 },
    ];
    // Two öre at 1.5: three öre of the group currency, the odd one to whoever the tie-break of the members favours.
    const eur = await insertExpense(db, {
      groupId: group.id,
      payerMemberId: anna,
      totalOre: 2,
      shares,
      currency: 'EUR',
      rateMicros: 1_500_000,
    });
    const sek = await insertExpense(db, { groupId: group.id, payerMemberId: anna, totalOre: 2, shares });
    const stored = async (expenseId: string) =>
      (
        await db
          .select({ memberId: expenseShares.memberId, groupShareOre: expenseShares.groupShareOre })
          .from(expenseShares)
          .where(eq(expenseShares.expenseId, expenseId))
      ).sort((a, b) => a.memberId.localeCompare(b.memberId));
    expect((await stored(eur.id)).map((s) => s.groupShareOre).sort()).toEqual([1, 2]);

    for (const expense of [eur, sek]) {
      await db
        .update(expenseShares)
        .set({ memberId: cia })
        .where(and(eq(expenseShares.expenseId, expense.id), eq(expenseShares.memberId, anna)));
    }
    expect((await stored(eur.id)).map((s) => s.groupShareOre)).toEqual([null, null]);
    expect((await stored(sek.id)).map((s) => s.groupShareOre)).toEqual([1, 1]);
    const state = await ledgerStateIn(db, { id: group.id, currency: 'SEK' });
    expect(nonZero(state.balances)).toEqual(nonZero((await fullRecomputation(db, group.id)).balances));
    await convertStoredAmounts(db);
    expect((await stored(eur.id)).map((s) => s.groupShareOre).sort()).toEqual([1, 2]);
  });

  it('leaves no running sums behind when the group is deleted', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [(typeof persons)[0], (typeof persons)[0]];
    const db = server.database.db;
    await insertExpense(db, {
      groupId: group.id,
      payerMemberId: anna.memberId,
      totalOre: 1_000,
      shares: [
        { memberId: anna.memberId, shareOre: 500 },
        { memberId: bo.memberId, shareOre: 500 },
      ],
    });
    await db.insert(settlements).values({
      groupId: group.id,
      fromMemberId: bo.memberId,
      toMemberId: anna.memberId,
      amountOre: 500,
      currency: 'SEK',
    });
    expect((await db.select().from(ledgerMemberSums).where(eq(ledgerMemberSums.groupId, group.id))).length).toBe(2);
    await db.delete(groups).where(eq(groups.id, group.id));
    expect(await db.select().from(ledgerMemberSums).where(eq(ledgerMemberSums.groupId, group.id))).toEqual([]);
    expect(await db.select().from(ledgerCurrencyCounts).where(eq(ledgerCurrencyCounts.groupId, group.id))).toEqual([]);
  });
});
