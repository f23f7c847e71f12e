import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateExpenseBody, ExpenseItemInput } from '#shared/api/expenses.ts';
import { ore } from '#shared/domain/money.ts';
import { computeShares } from '#shared/domain/split.ts';
import { expenseItems, expenseShares, expenses } from '../../db/schema/index.ts';
import type { TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';
import type { Person } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

type Line = { text: string; amountOre: number; takers: Person[] };

/**
 * The split "Per rad" as the web sends it: the lines, and each participant's share as the shared function shows it
 * in the preview, with the expense id as seed.
 */
function itemSplit(id: string, totalOre: number, participants: Person[], lines: Line[]): CreateExpenseBody['split'] {
  const items: ExpenseItemInput[] = lines.map((line) => ({
    text: line.text,
    amountOre: line.amountOre,
    memberIds: line.takers.map((p) => p.memberId),
  }));
  const preview = computeShares({
    method: 'items',
    total: ore(totalOre),
    participants: participants.map((p) => ({ memberId: p.memberId })),
    lines: items,
    seed: id,
  });
  return {
    method: 'items',
    participants: preview.shares.map((share) => ({ memberId: share.memberId, value: share.amount })),
    items,
  };
}

function itemBody(payer: Person, participants: Person[], totalOre: number, lines: Line[], extra = {}) {
  const body = expenseBody(payer, participants, { totalOre, ...extra });
  return { ...body, split: itemSplit(body.id, totalOre, participants, lines) };
}

const sharesOf = (expense: { shares: Array<{ memberId: string; shareOre: number }> }) =>
  Object.fromEntries(expense.shares.map((s) => [s.memberId, s.shareOre]));
const total = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function threePeople() {
  const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla']);
  return { group, people, anna: people[0]!, bo: people[1]!, cilla: people[2]! };
}

describe('an expense split per receipt line', () => {
  it('saves the lines with who took each, and shares that follow the lines and spread the difference in proportion', async () => {
    const { group, people, anna, bo } = await threePeople();
    // 100 kr Anna's, 60 kr shared by Anna and Bo; the receipt says 161 kr: 1 kr shared 130:30.
    const body = itemBody(anna, people, 16_100, [
      { text: 'Vin', amountOre: 10_000, takers: [anna] },
      { text: 'Ost', amountOre: 6_000, takers: [anna, bo] },
    ]);
    const res = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    expect(res.status).toBe(201);
    const shares = sharesOf(res.body.expense);
    expect(total(Object.values(shares))).toBe(16_100);
    expect(shares[anna.memberId]! - 13_000).toBeGreaterThanOrEqual(81);
    expect(shares[anna.memberId]! - 13_000).toBeLessThanOrEqual(82);
    expect(shares[people[2]!.memberId]).toBe(0);
    expect(res.body.expense).toMatchObject({
      splitMethod: 'items',
      items: [
        { text: 'Vin', amountOre: 10_000, memberIds: [anna.memberId] },
        { text: 'Ost', amountOre: 6_000, memberIds: expect.arrayContaining([anna.memberId, bo.memberId]) },
      ],
    });
    const read = await bo.client.get(`/api/expenses/${body.id}`);
    expect(read.body.expense.items).toEqual(res.body.expense.items);
    const stored = await server.database.db.select().from(expenseShares).where(eq(expenseShares.expenseId, body.id));
    expect(stored.every((share) => share.shareType === 'items' && share.shareInput === null)).toBe(true);
  });

  it('changes lines and who took them on edit, and removes them when the split changes to another method', async () => {
    const { group, people, anna, bo, cilla } = await threePeople();
    const body = itemBody(anna, people, 9_000, [{ text: 'Pizza', amountOre: 9_000, takers: people }]);
    await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    const { id, imageId: _image, ...fields } = body;
    const edited = await anna.client.patch(`/api/expenses/${id}`, {
      ...fields,
      split: itemSplit(id, 9_000, people, [
        { text: 'Pizza', amountOre: 6_000, takers: [anna, bo] },
        { text: 'Läsk', amountOre: 2_500, takers: [cilla] },
        { text: 'Rabatt', amountOre: -500, takers: [cilla] },
        { text: 'Dricks', amountOre: 1_000, takers: people },
      ]),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.expense.items.map((item: { text: string }) => item.text)).toEqual([
      'Pizza',
      'Läsk',
      'Rabatt',
      'Dricks',
    ]);
    const shares = sharesOf(edited.body.expense);
    expect(total(Object.values(shares))).toBe(9_000);
    expect(shares[cilla.memberId]).toBeGreaterThanOrEqual(2_333);
    expect(shares[cilla.memberId]).toBeLessThanOrEqual(2_334);

    const equal = await anna.client.patch(`/api/expenses/${id}`, {
      ...fields,
      split: { method: 'equal', participants: people.map((p) => ({ memberId: p.memberId })) },
    });
    expect(equal.status).toBe(200);
    expect(equal.body.expense.items).toEqual([]);
    expect(await server.database.db.select().from(expenseItems).where(eq(expenseItems.expenseId, id))).toEqual([]);
  });

  it('refuses a line nobody took, shares the preview did not show, and lines that do not belong, saving nothing', async () => {
    const { group, people, anna, bo } = await threePeople();
    const post = (body: object) => anna.client.post(`/api/groups/${group.id}/expenses`, body);
    const base = itemBody(anna, people, 5_000, [
      { text: 'Bröd', amountOre: 3_000, takers: [anna] },
      { text: 'Smör', amountOre: 2_000, takers: [bo] },
    ]);
    const unassigned = {
      ...base,
      split: {
        ...base.split,
        items: base.split.items!.map((item, i) => (i === 1 ? { ...item, memberIds: [] } : item)),
      },
    };
    expect(await post(unassigned)).toMatchObject({ status: 400, body: { error: { code: 'ITEM_UNASSIGNED' } } });

    const shown = base.split.participants;
    const tampered = {
      ...base,
      split: { ...base.split, participants: shown.map((p, i) => ({ ...p, value: i === 0 ? 5_000 : 0 })) },
    };
    expect(await post(tampered)).toMatchObject({ status: 400, body: { error: { code: 'SPLIT_MISMATCH' } } });

    const unstated = { ...base, split: { ...base.split, participants: shown.map((p) => ({ memberId: p.memberId })) } };
    expect(await post(unstated)).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION' } } });

    const outsider = {
      ...base,
      split: {
        ...base.split,
        participants: shown.filter((p) => p.memberId !== bo.memberId),
      },
    };
    expect(await post(outsider)).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION' } } });

    const strayLines = { ...base, split: { ...base.split, method: 'equal' } };
    expect(await post(strayLines)).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION' } } });

    const noLines = { ...base, split: { ...base.split, items: [] } };
    expect(await post(noLines)).toMatchObject({ status: 400, body: { error: { code: 'NO_ITEMS' } } });

    const saved = await server.database.db.select().from(expenses).where(eq(expenses.groupId, group.id));
    expect(saved).toEqual([]);
  });

  it('splits a foreign-currency receipt in its own currency to the cent', async () => {
    const { group, people, anna, bo, cilla } = await threePeople();
    const body = itemBody(
      anna,
      people,
      4_237,
      [
        { text: 'Croissant', amountOre: 1_000, takers: people },
        { text: 'Café au lait', amountOre: 3_200, takers: [bo, cilla] },
      ],
      { currency: 'EUR', manualRateMicros: 11_250_000 },
    );
    const res = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    expect(res.status).toBe(201);
    expect(res.body.expense).toMatchObject({ currency: 'EUR', rateSource: 'manual' });
    expect(total(Object.values(sharesOf(res.body.expense)))).toBe(4_237);
  });

  it('answers a repeated create with the same lines as the saved expense, and other lines under its id as a conflict', async () => {
    const { group, people, anna } = await threePeople();
    const body = itemBody(anna, people, 2_000, [{ text: 'Kaffe', amountOre: 2_000, takers: [anna] }]);
    expect((await anna.client.post(`/api/groups/${group.id}/expenses`, body)).status).toBe(201);
    const again = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    expect([again.status, again.body.expense.id, again.body.expense.items]).toEqual([
      201,
      body.id,
      [{ text: 'Kaffe', amountOre: 2_000, memberIds: [anna.memberId] }],
    ]);
    const renamed = { ...body, split: { ...body.split, items: [{ ...body.split.items![0]!, text: 'Te' }] } };
    expect(await anna.client.post(`/api/groups/${group.id}/expenses`, renamed)).toMatchObject({
      status: 409,
      body: { error: { code: 'CONFLICT' } },
    });
  });
});

describe('lines in exports and deletions', () => {
  it('writes each line with its amount and who took it in the CSV, and the lines in the account export', async () => {
    const { group, people, anna, bo } = await threePeople();
    const body = itemBody(anna, people, 5_590, [
      { text: 'Mjölk', amountOre: 1_590, takers: [anna, bo] },
      { text: 'Bröd', amountOre: 4_000, takers: [anna] },
    ]);
    await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    const csv = await bo.client.get(`/api/groups/${group.id}/expenses.csv`);
    expect(csv.body as string).toContain('Deltagare;Rader\r\n');
    expect(csv.body as string).toContain(';"Mjölk 15,90 (Anna, Bo); Bröd 40,00 (Anna)"\r\n');

    const exported = await bo.client.get('/api/account/export');
    expect(exported.body.expenseItems).toEqual([
      expect.objectContaining({ expenseId: body.id, position: 0, text: 'Mjölk', amountOre: 1_590 }),
      expect.objectContaining({ expenseId: body.id, position: 1, text: 'Bröd', amountOre: 4_000 }),
    ]);
  });

  it('deletes the lines with the group', async () => {
    const { group, people, anna } = await threePeople();
    const body = itemBody(anna, people, 1_000, [{ text: 'Glass', amountOre: 1_000, takers: people }]);
    await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    expect((await anna.client.delete(`/api/groups/${group.id}`)).status).toBe(204);
    expect(await server.database.db.select().from(expenseItems).where(eq(expenseItems.expenseId, body.id))).toEqual([]);
  });

  it('deletes the lines a deleted account brought to a group of others, keeping every share as an exact amount', async () => {
    const { group, people, anna, bo } = await threePeople();
    const body = itemBody(bo, people, 7_777, [
      { text: 'Chips', amountOre: 2_500, takers: [anna, bo] },
      { text: 'Dip', amountOre: 5_000, takers: people },
    ]);
    const created = await bo.client.post(`/api/groups/${group.id}/expenses`, body);
    const before = sharesOf(created.body.expense);
    expect((await bo.client.delete('/api/account')).status).toBe(204);
    const after = await anna.client.get(`/api/expenses/${body.id}`);
    expect(after.body.expense).toMatchObject({ splitMethod: 'absolute', items: [] });
    expect(sharesOf(after.body.expense)).toEqual(before);
    expect(
      after.body.expense.shares.every((s: { shareOre: number; shareInput: number }) => s.shareInput === s.shareOre),
    ).toBe(true);
  });
});
