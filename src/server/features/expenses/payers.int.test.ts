import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, expensePayers, expenses } from '../../db/schema/index.ts';
import type { TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';
import type { Person } from '../../testing/expense-suite.ts';

// An expense paid by several people (decision 057), through the HTTP routes as the wizard and the dialog use them.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

type Four = [Person, Person, Person, Person];
const paid = (person: Person, amountOre: number) => ({ memberId: person.memberId, amountOre });

async function balancesOf(person: Person, groupId: string): Promise<Record<string, number>> {
  const res = await person.client.get(`/api/groups/${groupId}/balances`);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.balances as Array<{ name: string; balanceOre: number }>).map((b) => [b.name, b.balanceOre]),
  );
}

/** Anna, Bo, Cilla and Dan; Anna and Bo paid 500 kr for a dinner all four shared equally. */
async function dinner() {
  const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla', 'Dan']);
  const [anna, bo, cilla, dan] = people as Four;
  const body = expenseBody(anna, people, {
    totalOre: 50_000,
    merchant: 'Middag',
    payers: [paid(anna, 30_000), paid(bo, 20_000)],
  });
  const res = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
  expect(res.status).toBe(201);
  return { group, people, anna, bo, cilla, dan, body, res };
}

describe('an expense paid by several people', () => {
  it('saves each payer with their amount, names the largest as main payer, and shows them to every member', async () => {
    const { group, anna, bo, cilla, body, res } = await dinner();
    expect(res.body.expense).toMatchObject({
      payerMemberId: anna.memberId,
      payerName: 'Anna',
      payers: [
        { memberId: anna.memberId, name: 'Anna', amountOre: 30_000 },
        { memberId: bo.memberId, name: 'Bo', amountOre: 20_000 },
      ],
    });
    const list = await cilla.client.get(`/api/groups/${group.id}/expenses`);
    expect(list.body.expenses[0]).toMatchObject({ id: body.id, payers: res.body.expense.payers, canEdit: false });
    const rows = await server.database.db.select().from(expensePayers).where(eq(expensePayers.expenseId, body.id));
    expect(rows.map((r) => r.amountOre).sort()).toEqual([20_000, 30_000]);
  });

  it('credits each payer with what they paid in the balances and the proposed transfers', async () => {
    const { group, anna, dan } = await dinner();
    expect(await balancesOf(dan, group.id)).toEqual({ Anna: 17_500, Bo: 7_500, Cilla: -12_500, Dan: -12_500 });
    const settlement = await anna.client.get(`/api/groups/${group.id}/settlement`);
    const transfers = settlement.body.transfers as Array<{ fromName: string; toName: string; amountOre: number }>;
    expect(transfers.reduce((sum, t) => sum + t.amountOre, 0)).toBe(25_000);
    expect(settlement.body.breakdown.expenses[0]).toMatchObject({
      merchant: 'Middag',
      payers: [
        { name: 'Anna', amountOre: 30_000 },
        { name: 'Bo', amountOre: 20_000 },
      ],
    });
  });

  it('refuses payers that do not add up to the total with its own message, and saves nothing', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const post = (payers: object, extra: object = {}) =>
      anna.client.post(
        `/api/groups/${group.id}/expenses`,
        expenseBody(anna, people, { totalOre: 50_000, payers: payers as never, ...extra }),
      );
    const short = await post([paid(anna, 30_000), paid(bo, 19_999)]);
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: 'PAYERS_MISMATCH', fields: { payers: 'payersMismatch' } });
    expect((await post([paid(anna, 30_000), paid(bo, 20_001)])).body.error.code).toBe('PAYERS_MISMATCH');
    expect((await post([paid(anna, 25_000), paid(anna, 25_000)])).body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { payers: 'invalid' },
    });
    expect((await post([paid(anna, 50_000), paid(bo, 0)])).status).toBe(400);
    // The main payer named must be one of the payers.
    expect((await post([paid(bo, 50_000)])).body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { payerMemberId: 'invalid' },
    });
    const { people: strangers } = await groupOf(server, ['Främling']);
    const stranger = strangers[0] as Person;
    expect((await post([paid(anna, 25_000), paid(stranger, 25_000)])).body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { payers: 'invalid' },
    });
    const saved = await server.database.db.select().from(expenses).where(eq(expenses.groupId, group.id));
    expect(saved).toEqual([]);
  });

  it('lets either payer or the one who typed it in edit it, and no one else', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla', 'Dan']);
    const [anna, bo, cilla, dan] = people as Four;
    // Cilla typed in what Anna and Bo paid.
    const body = expenseBody(anna, people, { totalOre: 40_000, payers: [paid(anna, 20_000), paid(bo, 20_000)] });
    expect((await cilla.client.post(`/api/groups/${group.id}/expenses`, body)).status).toBe(201);
    const canEdit = async (person: Person) =>
      ((await person.client.get(`/api/expenses/${body.id}`)).body.expense as { canEdit: boolean }).canEdit;
    expect(await Promise.all([anna, bo, cilla, dan].map(canEdit))).toEqual([true, true, true, false]);
    const { id: _id, imageId: _image, ...fields } = body;
    const byDan = await dan.client.patch(`/api/expenses/${body.id}`, { ...fields, merchant: 'Dans' });
    expect([byDan.status, byDan.body.error.code]).toEqual([403, 'NOT_PAYER']);
    const byBo = await bo.client.patch(`/api/expenses/${body.id}`, {
      ...fields,
      payerMemberId: bo.memberId,
      payers: [paid(anna, 15_000), paid(bo, 25_000)],
    });
    expect(byBo.status).toBe(200);
    expect(byBo.body.expense).toMatchObject({ payerMemberId: bo.memberId, payerName: 'Bo' });
    // Back to one payer: Anna alone, so Cilla, who typed it in, may no longer change it.
    const single = await anna.client.patch(`/api/expenses/${body.id}`, {
      ...fields,
      payerMemberId: anna.memberId,
      payers: undefined,
    });
    expect(single.body.expense.payers).toEqual([{ memberId: anna.memberId, name: 'Anna', amountOre: 40_000 }]);
    expect(await Promise.all([anna, bo, cilla].map(canEdit))).toEqual([true, false, false]);
  });

  it('audits who paid how much on create and whenever it changes', async () => {
    const { anna, bo, body } = await dinner();
    const { id: _id, imageId: _image, ...fields } = body;
    const edited = await bo.client.patch(`/api/expenses/${body.id}`, {
      ...fields,
      payers: [paid(anna, 25_000), paid(bo, 25_000)],
    });
    expect(edited.status).toBe(200);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
    const created = audit.find((row) => row.action === 'created')?.diffJson as Record<string, unknown>;
    expect(created.payers).toEqual({ from: null, to: [paid(anna, 30_000), paid(bo, 20_000)] });
    expect(audit.find((row) => row.action === 'updated')?.diffJson).toEqual({
      payers: { from: [paid(anna, 30_000), paid(bo, 20_000)], to: [paid(anna, 25_000), paid(bo, 25_000)] },
    });
  });

  it('converts each payer of a foreign expense with exact öre that add up to the converted total', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla']);
    const [anna, bo, cilla] = people as [Person, Person, Person];
    // 100,01 EUR at 11,4823: 1 148,34 kr, shared 3 ways; Anna paid 33,34 EUR and Bo 66,67 EUR.
    const body = expenseBody(anna, people, {
      totalOre: 10_001,
      currency: 'EUR',
      manualRateMicros: 11_482_300,
      payerMemberId: bo.memberId,
      payers: [paid(anna, 3_334), paid(bo, 6_667)],
    });
    expect((await anna.client.post(`/api/groups/${group.id}/expenses`, body)).status).toBe(201);
    const settlement = await cilla.client.get(`/api/groups/${group.id}/settlement`);
    const [entry] = settlement.body.breakdown.expenses as Array<{
      groupTotalOre: number;
      payers: Array<{ amountOre: number }>;
      shares: Array<{ amountOre: number }>;
    }>;
    expect(entry?.groupTotalOre).toBe(114_834);
    expect(entry?.payers.map((p) => p.amountOre)).toEqual([38_282, 76_552]);
    expect(entry?.shares.reduce((sum, s) => sum + s.amountOre, 0)).toBe(114_834);
    const balances = await balancesOf(cilla, group.id);
    expect(Object.values(balances).reduce((a, b) => a + b, 0)).toBe(0);
    const shareOf = (name: string) =>
      (entry?.shares as Array<{ name: string; amountOre: number }>).find((s) => s.name === name)?.amountOre ?? 0;
    expect(balances).toEqual({
      Anna: 38_282 - shareOf('Anna'),
      Bo: 76_552 - shareOf('Bo'),
      Cilla: -shareOf('Cilla'),
    });
  });

  it("counts only each person's own part as paid in their statistics and their data export", async () => {
    const { anna, bo, cilla, body } = await dinner();
    const paidIn = async (person: Person) => {
      const res = await person.client.get('/api/statistics');
      return (res.body.currencies as Array<{ paidOre: number; spentOre: number }>)[0];
    };
    expect(await paidIn(anna)).toMatchObject({ paidOre: 30_000, spentOre: 12_500 });
    expect(await paidIn(bo)).toMatchObject({ paidOre: 20_000, spentOre: 12_500 });
    expect(await paidIn(cilla)).toMatchObject({ paidOre: 0, spentOre: 12_500 });
    const exported = await bo.client.get('/api/account/export');
    expect(exported.body.expensesPaid.map((e: { id: string }) => e.id)).toEqual([body.id]);
    expect(exported.body.payers).toMatchObject([{ expenseId: body.id, memberId: bo.memberId, amountOre: 20_000 }]);
    expect((await cilla.client.get('/api/account/export')).body.payers).toEqual([]);
  });

  it('keeps a second payer who deletes their account, as a former member, with every balance as it was', async () => {
    const { group, bo, dan, body } = await dinner();
    const before = await balancesOf(dan, group.id);
    expect((await bo.client.delete('/api/account')).status).toBe(204);
    const after = await dan.client.get(`/api/groups/${group.id}/balances`);
    const byMember = Object.fromEntries(
      (after.body.balances as Array<{ memberId: string; balanceOre: number }>).map((b) => [b.memberId, b.balanceOre]),
    );
    expect(byMember[bo.memberId]).toBe(before.Bo);
    const expense = await dan.client.get(`/api/expenses/${body.id}`);
    expect(expense.body.expense.payers.map((p: { amountOre: number }) => p.amountOre)).toEqual([30_000, 20_000]);
  });
});
