import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_ONE } from '#shared/domain/currency.ts';
import { MAX_RATE_MICROS, MAX_EXPENSES_PER_GROUP, MAX_TOTAL_ORE, MIN_RATE_MICROS } from '#shared/domain/limits.ts';
import type { Db } from '../../db/client.ts';
import { insertGroup } from '../../testing/factories.ts';
import { ecbXml, startEcbServer } from '../../testing/ecb-server.ts';
import type { EcbServer } from '../../testing/ecb-server.ts';
import type { TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';
import type { Person } from '../../testing/expense-suite.ts';

let feed: EcbServer;
let server: TestServer;
beforeAll(async () => {
  feed = await startEcbServer(ecbXml([{ date: '2026-11-20', rates: { USD: '1.1000', SEK: '11.0000' } }]));
  server = await startServer({ ECB_RATES_URL: feed.url });
});
afterAll(async () => {
  await server?.close();
  await feed?.close();
});

const refusal = (res: { status: number; body: any }) => [res.status, res.body.error?.code, res.body.error?.fields];

/** Every page that adds up the group's money answers, with whole safe numbers: the group is not broken. */
async function expectGroupAnswers(person: Person, groupId: string) {
  const balances = await person.client.get(`/api/groups/${groupId}/balances`);
  const settlement = await person.client.get(`/api/groups/${groupId}/settlement`);
  const statistics = await person.client.get('/api/statistics');
  const groups = await person.client.get('/api/groups');
  expect([balances.status, settlement.status, statistics.status, groups.status]).toEqual([200, 200, 200, 200]);
  const figures = [
    ...balances.body.balances.map((b: { balanceOre: number }) => b.balanceOre),
    ...settlement.body.transfers.map((t: { amountOre: number }) => t.amountOre),
    ...statistics.body.currencies.flatMap((c: { spentOre: number; paidOre: number }) => [c.spentOre, c.paidOre]),
    ...groups.body.groups.map((g: { totalSpentOre: number }) => g.totalSpentOre),
  ];
  expect(figures.filter((figure) => !Number.isSafeInteger(figure))).toEqual([]);
  return { balances: balances.body, settlement: settlement.body, statistics: statistics.body, groups: groups.body };
}

describe('amounts and rates past the limits', () => {
  it('refuses 1e11 öre in EUR at a rate of 1e11 micros with VALIDATION, and the group keeps answering', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna] = people as [Person, Person];
    const fine = await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people));
    expect(fine.status).toBe(201);
    const broken = expenseBody(anna, people, { currency: 'EUR', totalOre: 1e11, manualRateMicros: 1e11 });
    const res = await anna.client.post(`/api/groups/${group.id}/expenses`, broken);
    expect(refusal(res)).toEqual([
      400,
      'VALIDATION',
      { totalOre: 'amountTooLarge', manualRateMicros: 'rateOutOfRange' },
    ]);
    const { balances, groups } = await expectGroupAnswers(anna, group.id);
    expect(balances.expenseCount).toBe(1);
    expect(groups.groups.find((g: { id: string }) => g.id === group.id)?.totalSpentOre).toBe(30_000);
  });

  it('refuses an amount whose conversion passes the limit, typed or fetched, on create and on edit', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna] = people as [Person, Person];
    const post = (over: object) =>
      anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people, over));
    const typed = await post({ currency: 'EUR', totalOre: MAX_TOTAL_ORE, manualRateMicros: 1_000_001 });
    expect(refusal(typed)).toEqual([400, 'VALIDATION', { totalOre: 'convertedOutOfRange' }]);
    // The ECB's 11 SEK per EUR turns 100 000,00 EUR into 1 100 000,00 kr.
    const fetched = await post({ currency: 'EUR', totalOre: 10_000_000, expenseDate: '2026-11-20' });
    expect(refusal(fetched)).toEqual([400, 'VALIDATION', { totalOre: 'convertedOutOfRange' }]);
    const nothing = await post({ currency: 'EUR', totalOre: 1, manualRateMicros: MIN_RATE_MICROS });
    expect(refusal(nothing)).toEqual([400, 'VALIDATION', { totalOre: 'convertedOutOfRange' }]);

    const atTheLimit = { currency: 'EUR' as const, totalOre: MAX_TOTAL_ORE / 1_000, manualRateMicros: MAX_RATE_MICROS };
    const saved = await post(atTheLimit);
    expect(saved.status).toBe(201);
    const { id: _id, imageId: _image, ...fields } = expenseBody(anna, people, atTheLimit);
    const edit = await anna.client.patch(`/api/expenses/${saved.body.expense.id}`, { ...fields, totalOre: 100_001 });
    expect(refusal(edit)).toEqual([400, 'VALIDATION', { totalOre: 'convertedOutOfRange' }]);
    const { groups } = await expectGroupAnswers(anna, group.id);
    expect(groups.groups.find((g: { id: string }) => g.id === group.id)?.totalSpentOre).toBe(MAX_TOTAL_ORE);
  });
});

/**
 * `count` expenses at the largest converted total, paid by `payer` and owed in full by `debtor`: most in the group's
 * SEK, one in a hundred 1 000,00 EUR at the highest rate. Set-up only, in one statement with the live-update trigger
 * off inside its transaction: it would announce each expense to the test server one by one. The triggers that keep
 * the ledger version and the running balance sums (decision 068) run as for any write.
 */
async function fillGroup(db: Db, input: { groupId: string; payer: string; debtor: string; count: number }) {
  const foreign = sql`i % 100 = 0`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table expenses disable trigger expenses_notify`);
    await tx.execute(sql`
      with inserted as (
        insert into expenses (group_id, payer_member_id, created_by_member_id, total_ore, currency, rate_micros,
          rate_source, expense_date, category, split_method)
        select ${input.groupId}::uuid, ${input.payer}::uuid, ${input.payer}::uuid,
          case when ${foreign} then ${MAX_TOTAL_ORE / 1_000}::bigint else ${MAX_TOTAL_ORE}::bigint end,
          case when ${foreign} then 'EUR' else 'SEK' end,
          case when ${foreign} then ${MAX_RATE_MICROS}::bigint else ${RATE_ONE}::bigint end,
          case when ${foreign} then 'manual' else 'same' end,
          date '2026-01-01' + (i % 365), case when i % 3 = 0 then 'logi' else 'mat' end, 'absolute'
        from generate_series(1, ${input.count}::int) as i
        returning id, total_ore),
      paid as (
        insert into expense_payers (expense_id, member_id, amount_ore)
        select id, ${input.payer}::uuid, total_ore from inserted)
      insert into expense_shares (expense_id, member_id, share_type, share_input, share_ore)
      select id, ${input.debtor}::uuid, 'absolute', total_ore, total_ore from inserted`);
    await tx.execute(sql`alter table expenses enable trigger expenses_notify`);
  });
}

const FULL = MAX_EXPENSES_PER_GROUP * MAX_TOTAL_ORE;

describe('a group at the limits', () => {
  it('holds 100 000 expenses at the largest totals, refuses one more, and still balances, settles and sums', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const db = server.database.db;
    await fillGroup(db, {
      groupId: group.id,
      payer: anna.memberId,
      debtor: bo.memberId,
      count: MAX_EXPENSES_PER_GROUP - 2,
    });
    const owedByBo = { method: 'absolute' as const, participants: [{ memberId: bo.memberId, value: MAX_TOTAL_ORE }] };
    const save = () =>
      anna.client.post(
        `/api/groups/${group.id}/expenses`,
        expenseBody(anna, people, { totalOre: MAX_TOTAL_ORE, split: owedByBo }),
      );
    expect((await save()).status).toBe(201);
    // Two saves at once for the last place: the lock queues them, so exactly one takes it.
    const race = await Promise.all([save(), save()]);
    expect(race.map(refusal).sort()).toEqual([
      [201, undefined, undefined],
      [409, 'EXPENSE_LIMIT_REACHED', undefined],
    ]);

    // Two more groups of Anna's: the statistics add the SEK one to the full group, the EUR one stands apart.
    for (const currency of ['SEK', 'EUR'] as const) {
      const { group: other, owner } = await insertGroup(db, { ownerId: anna.userId, currency });
      const me = { ...anna, memberId: owner.id };
      const res = await anna.client.post(`/api/groups/${other.id}/expenses`, expenseBody(me, [me], { currency }));
      expect(res.status).toBe(201);
    }
    const { balances, settlement, statistics, groups } = await expectGroupAnswers(anna, group.id);
    expect(balances.balances.map((b: { balanceOre: number }) => b.balanceOre)).toEqual([FULL, -FULL]);
    expect(settlement.transfers).toMatchObject([
      { fromMemberId: bo.memberId, toMemberId: anna.memberId, amountOre: FULL },
    ]);
    expect(groups.groups.find((g: { id: string }) => g.id === group.id)).toMatchObject({
      totalSpentOre: FULL,
      expenseCount: 100_000,
    });
    expect(statistics.currencies).toMatchObject([
      { currency: 'SEK', paidOre: FULL + 30_000, spentOre: 30_000, expenseCount: 100_001 },
      { currency: 'EUR', paidOre: 30_000, spentOre: 30_000, expenseCount: 1 },
    ]);
    expect((await bo.client.get('/api/statistics')).body.currencies).toMatchObject([{ spentOre: FULL, paidOre: 0 }]);

    const paid = await bo.client.post(`/api/groups/${group.id}/settlements`, {
      fromMemberId: bo.memberId,
      toMemberId: anna.memberId,
      amountOre: FULL,
    });
    expect([paid.status, paid.body.isSettled]).toEqual([200, true]);
    const after = await expectGroupAnswers(bo, group.id);
    expect(after.balances.balances.map((b: { balanceOre: number }) => b.balanceOre)).toEqual([0, 0]);
  }, 180_000);
});
