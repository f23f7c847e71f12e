import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalancesResponse, BreakdownPage, SettlementResponse } from '#shared/api/settlement.ts';
import { computeBalances } from '#shared/domain/balances.ts';
import { and, eq } from 'drizzle-orm';
import { groupMembers, groups, ledgerVersions, expenseShares, expenses, settlements } from '../../db/schema/index.ts';
import { insertExpense } from '../../testing/factories.ts';
import type { TestServer } from '../../testing/harness.ts';
import { groupOf, owe, startServer } from '../../testing/settlement-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('balances', () => {
  it('answers NOT_FOUND to a signed-in person outside the group on every settlement route', async () => {
    const { group } = await groupOf(server, [{ name: 'Anna' }]);
    const outsider = await server.signUp({ name: 'Utomstående' });
    const base = `/api/groups/${group.id}`;
    const answers = await Promise.all([
      outsider.client.get(`${base}/balances`),
      outsider.client.get(`${base}/settlement`),
      outsider.client.get(`${base}/settlement/breakdown`),
      outsider.client.post(`${base}/settlements`, { fromMemberId: group.id, toMemberId: group.id, amountOre: 1 }),
      outsider.client.post(`${base}/settle`),
      outsider.client.post(`${base}/reopen`),
    ]);
    expect(answers.map((a) => [a.status, a.body.error?.code])).toEqual(
      Array.from({ length: 6 }, () => [404, 'NOT_FOUND']),
    );
    expect((await server.client().get(`${base}/balances`)).status).toBe(401);
  });

  it('counts each expense at its stored rate so that the balances sum to exactly zero öre', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }, { name: 'Cia' }]);
    const [anna, bo, cia] = persons as [(typeof persons)[0], (typeof persons)[0], (typeof persons)[0]];
    const db = server.database.db;
    const sek = await insertExpense(db, {
      groupId: group.id,
      payerMemberId: anna.memberId,
      totalOre: 30_001,
      shares: [
        { memberId: anna.memberId, shareOre: 10_001 },
        { memberId: bo.memberId, shareOre: 10_000 },
        { memberId: cia.memberId, shareOre: 10_000 },
      ],
    });
    const eur = await insertExpense(db, {
      groupId: group.id,
      payerMemberId: bo.memberId,
      totalOre: 1_000,
      currency: 'EUR',
      rateMicros: 11_482_300,
      shares: [
        { memberId: anna.memberId, shareOre: 334 },
        { memberId: bo.memberId, shareOre: 333 },
        { memberId: cia.memberId, shareOre: 333 },
      ],
    });
    const res = await bo.client.get<BalancesResponse>(`/api/groups/${group.id}/balances`);
    expect(res.status).toBe(200);
    const expected = computeBalances({
      memberIds: persons.map((p) => p.memberId),
      expenses: [sek, eur].map((r, i) => ({
        id: r.id,
        payers: [{ memberId: r.payerMemberId, amountOre: r.totalOre }],
        totalOre: r.totalOre,
        rateMicros: r.rateMicros,
        shares:
          i === 0
            ? [
                { memberId: anna.memberId, shareOre: 10_001 },
                { memberId: bo.memberId, shareOre: 10_000 },
                { memberId: cia.memberId, shareOre: 10_000 },
              ]
            : [
                { memberId: anna.memberId, shareOre: 334 },
                { memberId: bo.memberId, shareOre: 333 },
                { memberId: cia.memberId, shareOre: 333 },
              ],
      })),
    });
    expect(res.body).toMatchObject({
      currency: 'SEK',
      isSettled: false,
      settledAt: null,
      expenseCount: 2,
      convertedExpenseCount: 1,
      unratedExpenseCount: 0,
    });
    expect(res.body.balances.map((b) => [b.memberId, b.name, b.balanceOre, b.removed])).toEqual(
      expected.map((b, i) => [b.memberId, persons[i]?.name, b.balance, false]),
    );
    expect(sum(res.body.balances.map((b) => b.balanceOre))).toBe(0);
  });

  it('keeps a removed member on the list while they owe or are owed, and drops them once they are even', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }, { name: 'Cia' }]);
    const [anna, bo, cia] = persons as [(typeof persons)[0], (typeof persons)[0], (typeof persons)[0]];
    await owe(server, group.id, anna, bo, 5_000);
    const db = server.database.db;
    await db
      .update(groupMembers)
      .set({ removedAt: new Date(), displayName: 'Bo' })
      .where(eq(groupMembers.id, bo.memberId));
    await db
      .update(groupMembers)
      .set({ removedAt: new Date(), displayName: 'Cia' })
      .where(eq(groupMembers.id, cia.memberId));
    const res = await anna.client.get<BalancesResponse>(`/api/groups/${group.id}/balances`);
    expect(res.body.balances.map((b) => [b.name, b.balanceOre, b.removed])).toEqual([
      ['Anna', 5_000, false],
      ['Bo', -5_000, true],
    ]);
  });
});

describe('settlement calculation', () => {
  it('settles +6, +4, −4, −3, −3 kronor in three transfers where largest-first greedy needs four', async () => {
    const { group, persons } = await groupOf(server, [
      { name: 'Anna', phone: '0701234567' },
      { name: 'Bo' },
      { name: 'Cia' },
      { name: 'Dan' },
      { name: 'Eva' },
    ]);
    const [anna, bo, cia, dan, eva] = persons as [
      (typeof persons)[0],
      (typeof persons)[0],
      (typeof persons)[0],
      (typeof persons)[0],
      (typeof persons)[0],
    ];
    await owe(server, group.id, anna, cia, 400);
    await owe(server, group.id, anna, dan, 200);
    await owe(server, group.id, bo, dan, 100);
    await owe(server, group.id, bo, eva, 300);
    const res = await cia.client.get<SettlementResponse>(`/api/groups/${group.id}/settlement`);
    expect(res.status).toBe(200);
    expect(res.body.myMemberId).toBe(cia.memberId);
    const transfers = res.body.transfers.map((t) => [t.fromName, t.toName, t.amountOre, t.toPhone, t.canMarkPaid]);
    expect(transfers).toHaveLength(3);
    expect(transfers).toEqual(
      expect.arrayContaining([
        ['Cia', 'Bo', 400, null, true],
        ['Dan', 'Anna', 300, '0701234567', false],
        ['Eva', 'Anna', 300, '0701234567', false],
      ]),
    );
    const balanceOf = new Map(res.body.balances.map((b) => [b.memberId, b.balanceOre]));
    for (const t of res.body.transfers) {
      expect(t.fromUserId).toBe(persons.find((p) => p.memberId === t.fromMemberId)?.userId);
      expect(balanceOf.get(t.fromMemberId)).toBeLessThan(0);
      expect(balanceOf.get(t.toMemberId)).toBeGreaterThan(0);
    }
    expect(res.body.payments).toEqual([]);
  });

  it('breaks down each expense with its payer and every share in the group currency, newest first', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [(typeof persons)[0], (typeof persons)[0]];
    await insertExpense(server.database.db, {
      groupId: group.id,
      payerMemberId: anna.memberId,
      totalOre: 10_000,
      merchant: 'ICA',
      expenseDate: '2026-11-01',
      shares: [
        { memberId: anna.memberId, shareOre: 5_000 },
        { memberId: bo.memberId, shareOre: 5_000 },
      ],
    });
    await insertExpense(server.database.db, {
      groupId: group.id,
      payerMemberId: bo.memberId,
      totalOre: 999,
      currency: 'EUR',
      rateMicros: 11_000_000,
      merchant: 'Bergbanan',
      expenseDate: '2026-11-03',
      shares: [
        { memberId: anna.memberId, shareOre: 500 },
        { memberId: bo.memberId, shareOre: 499 },
      ],
    });
    const res = await anna.client.get<SettlementResponse>(`/api/groups/${group.id}/settlement`);
    expect(res.body.breakdown.nextCursor).toBeNull();
    const [eur, ica] = res.body.breakdown.expenses;
    expect(eur).toMatchObject({
      merchant: 'Bergbanan',
      date: '2026-11-03',
      payerName: 'Bo',
      totalOre: 999,
      currency: 'EUR',
      groupTotalOre: 10_989,
    });
    expect(sum(eur?.shares.map((s) => s.amountOre) ?? [])).toBe(10_989);
    expect(ica).toMatchObject({
      merchant: 'ICA',
      date: '2026-11-01',
      payerMemberId: anna.memberId,
      totalOre: 10_000,
      currency: 'SEK',
      groupTotalOre: 10_000,
    });
    expect(ica?.shares).toEqual([
      { memberId: anna.memberId, name: 'Anna', amountOre: 5_000 },
      { memberId: bo.memberId, name: 'Bo', amountOre: 5_000 },
    ]);
    const annaBalance = res.body.balances.find((b) => b.memberId === anna.memberId)?.balanceOre;
    expect(annaBalance).toBe(5_000 - (eur?.shares.find((s) => s.memberId === anna.memberId)?.amountOre ?? NaN));
  });

  it('pages a long breakdown with a cursor without skipping or repeating an expense', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [(typeof persons)[0], (typeof persons)[0]];
    const created = [];
    for (let i = 0; i < 57; i += 1)
      created.push(
        await owe(server, group.id, anna, bo, 100 + i, {
          expenseDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
        }),
      );
    const first = await bo.client.get<SettlementResponse>(`/api/groups/${group.id}/settlement`);
    expect(first.body.breakdown.expenses).toHaveLength(50);
    const cursor = first.body.breakdown.nextCursor;
    expect(cursor).not.toBeNull();
    const second = await bo.client.get<BreakdownPage>(`/api/groups/${group.id}/settlement/breakdown?cursor=${cursor}`);
    expect(second.body.nextCursor).toBeNull();
    const seen = [...first.body.breakdown.expenses, ...second.body.expenses];
    expect(new Set(seen.map((r) => r.expenseId))).toEqual(new Set(created.map((r) => r.id)));
    const dates = seen.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const bad = await bo.client.get(`/api/groups/${group.id}/settlement/breakdown?cursor=nonsense`);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION']);
  });

  it('answers VALIDATION to a breakdown cursor holding an impossible date or something other than an id', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [(typeof persons)[0], (typeof persons)[0]];
    await owe(server, group.id, anna, bo, 100);
    const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
    const id = randomUUID();
    for (const text of [
      `2026-02-30|${id}`,
      `2026-13-01|${id}`,
      `9999-99-99|${id}`,
      '2026-11-01|------------------------------------',
      `2026-11-01|${id}|extra`,
    ]) {
      const res = await bo.client.get(`/api/groups/${group.id}/settlement/breakdown?cursor=${cursorOf(text)}`);
      expect([text, res.status, res.body.error?.code, res.body.error?.fields]).toEqual([
        text,
        400,
        'VALIDATION',
        { cursor: 'invalid' },
      ]);
    }
    const valid = await bo.client.get(
      `/api/groups/${group.id}/settlement/breakdown?cursor=${cursorOf(`2026-12-31|${id}`)}`,
    );
    expect([valid.status, valid.body.expenses.length]).toEqual([200, 1]);
  });
});

describe('balances after changes', () => {
  it('follows every change to expenses, shares and payments made after the balances were read', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [(typeof persons)[0], (typeof persons)[0]];
    const db = server.database.db;
    const read = async () =>
      (await anna.client.get<BalancesResponse>(`/api/groups/${group.id}/balances`)).body.balances.map(
        (b) => b.balanceOre,
      );
    expect(await read()).toEqual([0, 0]);
    const expense = await insertExpense(db, {
      groupId: group.id,
      payerMemberId: anna.memberId,
      totalOre: 1_000,
      shares: [
        { memberId: anna.memberId, shareOre: 400 },
        { memberId: bo.memberId, shareOre: 600 },
      ],
    });
    expect(await read()).toEqual([600, -600]);
    await db
      .update(expenseShares)
      .set({ shareOre: 300 })
      .where(and(eq(expenseShares.expenseId, expense.id), eq(expenseShares.memberId, bo.memberId)));
    await db
      .update(expenseShares)
      .set({ shareOre: 700 })
      .where(and(eq(expenseShares.expenseId, expense.id), eq(expenseShares.memberId, anna.memberId)));
    expect(await read()).toEqual([300, -300]);
    await db.update(expenses).set({ currency: 'EUR', rateMicros: 10_000_000 }).where(eq(expenses.id, expense.id));
    expect(await read()).toEqual([3_000, -3_000]);
    await db.insert(settlements).values({
      groupId: group.id,
      fromMemberId: bo.memberId,
      toMemberId: anna.memberId,
      amountOre: 1_000,
      currency: 'SEK',
    });
    expect(await read()).toEqual([2_000, -2_000]);
    await db.delete(expenses).where(eq(expenses.id, expense.id));
    expect(await read()).toEqual([-1_000, 1_000]);
  });

  it('deletes a group with expenses and payments, and its ledger version with it', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [(typeof persons)[0], (typeof persons)[0]];
    await owe(server, group.id, anna, bo, 500);
    const db = server.database.db;
    await db.insert(settlements).values({
      groupId: group.id,
      fromMemberId: bo.memberId,
      toMemberId: anna.memberId,
      amountOre: 500,
      currency: 'SEK',
    });
    expect(await db.select().from(ledgerVersions).where(eq(ledgerVersions.groupId, group.id))).toHaveLength(1);
    await db.delete(groups).where(eq(groups.id, group.id));
    expect(await db.select().from(ledgerVersions).where(eq(ledgerVersions.groupId, group.id))).toEqual([]);
    expect(await db.select().from(expenses).where(eq(expenses.groupId, group.id))).toEqual([]);
  });
});

describe('the API document', () => {
  it('publishes every settlement route with its schemas in /api/openapi.json', async () => {
    const doc = (await server.client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json'))
      .body;
    expect(Object.keys(doc.paths['/api/groups/{groupId}/settlement'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/groups/{groupId}/settlement/breakdown'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/groups/{groupId}/balances'] ?? {})).toEqual(['get']);
    for (const path of ['settlements', 'settle', 'reopen'])
      expect(Object.keys(doc.paths[`/api/groups/{groupId}/${path}`] ?? {})).toEqual(['post']);
  });
});
