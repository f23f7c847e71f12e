import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, expenseShares, expenses } from '../../db/schema/index.ts';
import type { TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const sharesOf = (body: {
  expense: { shares: Array<{ memberId: string; shareOre: number; shareInput: number | null }> };
}) => Object.fromEntries(body.expense.shares.map((s) => [s.memberId, [s.shareOre, s.shareInput]]));
const auditRows = (expenseId: string) =>
  server.database.db.select().from(auditLog).where(eq(auditLog.entityId, expenseId));
const expenseExists = async (id: string) =>
  (await server.database.db.select().from(expenses).where(eq(expenses.id, id))).length > 0;

describe('creating an expense', () => {
  it('saves the expense, the shares the server computed and an audit row, and lists it for every member', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla']);
    const [anna, bo, cilla] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const body = expenseBody(anna, people, { totalOre: 10_000, merchant: '  Hemköp ', note: '' });
    const res = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    expect(res.status).toBe(201);
    expect(res.body.expense).toMatchObject({
      id: body.id,
      totalOre: 10_000,
      merchant: 'Hemköp',
      note: null,
      payerName: 'Anna',
      participantCount: 3,
      rateSource: 'same',
      rateMicros: 1_000_000,
      canEdit: true,
    });
    const amounts = res.body.expense.shares.map((s: { shareOre: number }) => s.shareOre);
    expect(amounts.reduce((a: number, b: number) => a + b, 0)).toBe(10_000);
    expect([...amounts].sort()).toEqual([3333, 3333, 3334]);

    const audit = await auditRows(body.id);
    expect(audit).toMatchObject([
      { action: 'created', actorId: anna.userId, entityType: 'expense', groupId: group.id },
    ]);
    expect(audit[0]?.diffJson).toEqual({
      totalOre: { from: null, to: 10_000 },
      currency: { from: null, to: 'SEK' },
      merchant: { from: null, to: 'Hemköp' },
      category: { from: null, to: 'mat' },
    });

    const list = await bo.client.get(`/api/groups/${group.id}/expenses`);
    expect(list.status).toBe(200);
    expect(list.body.expenses).toMatchObject([{ id: body.id, payerName: 'Anna', participantCount: 3, canEdit: false }]);
    expect((await cilla.client.get(`/api/expenses/${body.id}`)).body.expense.shares).toHaveLength(3);
  });

  it('computes each split method on the server and keeps what was typed', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const post = (split: object) =>
      anna.client.post(
        `/api/groups/${group.id}/expenses`,
        expenseBody(anna, people, { totalOre: 10_000, split: split as never }),
      );
    const weight = await post({
      method: 'weight',
      participants: [{ memberId: anna.memberId, value: 300 }, { memberId: bo.memberId }],
    });
    expect(sharesOf(weight.body)).toEqual({ [anna.memberId]: [7500, 300], [bo.memberId]: [2500, 100] });
    const absolute = await post({
      method: 'absolute',
      participants: [
        { memberId: anna.memberId, value: 1234 },
        { memberId: bo.memberId, value: 8766 },
      ],
    });
    expect(sharesOf(absolute.body)).toEqual({ [anna.memberId]: [1234, 1234], [bo.memberId]: [8766, 8766] });
    const percent = await post({
      method: 'percent',
      participants: [
        { memberId: anna.memberId, value: 3333 },
        { memberId: bo.memberId, value: 6667 },
      ],
    });
    expect(sharesOf(percent.body)).toEqual({ [anna.memberId]: [3333, 3333], [bo.memberId]: [6667, 6667] });
    expect(percent.body.expense.splitMethod).toBe('percent');
  });

  it('never trusts shares sent by the client', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const body = {
      ...expenseBody(anna, people, { totalOre: 1000 }),
      shares: [
        { memberId: bo.memberId, shareOre: 1000 },
        { memberId: anna.memberId, shareOre: 0 },
      ],
    };
    const res = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    expect(sharesOf(res.body)).toEqual({ [anna.memberId]: [500, null], [bo.memberId]: [500, null] });
  });

  it('refuses every invalid expense with its message and saves nothing', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const { people: strangers } = await groupOf(server, ['Främling']);
    const cases: Array<[object, number, string, Record<string, string>?]> = [
      [{ totalOre: 0 }, 400, 'VALIDATION', { totalOre: 'amountInvalid' }],
      [{ totalOre: 12.5 }, 400, 'VALIDATION', { totalOre: 'amountInvalid' }],
      [{ payerMemberId: '' }, 400, 'VALIDATION', { payerMemberId: 'payerRequired' }],
      [{ payerMemberId: strangers[0]?.memberId }, 400, 'VALIDATION', { payerMemberId: 'payerRequired' }],
      [
        { split: { method: 'equal', participants: [] } },
        400,
        'VALIDATION',
        { 'split.participants': 'participantsRequired' },
      ],
      [
        { split: { method: 'equal', participants: [{ memberId: strangers[0]?.memberId }] } },
        400,
        'VALIDATION',
        { 'split.participants': 'invalid' },
      ],
      [
        {
          split: {
            method: 'absolute',
            participants: [
              { memberId: anna.memberId, value: 10_000 },
              { memberId: bo.memberId, value: 10_000 },
            ],
          },
        },
        400,
        'SPLIT_MISMATCH',
      ],
      [
        {
          split: {
            method: 'percent',
            participants: [
              { memberId: anna.memberId, value: 5000 },
              { memberId: bo.memberId, value: 4999 },
            ],
          },
        },
        400,
        'SPLIT_MISMATCH',
      ],
      [
        {
          split: {
            method: 'weight',
            participants: [
              { memberId: anna.memberId, value: 0 },
              { memberId: bo.memberId, value: 0 },
            ],
          },
        },
        400,
        'INVALID_SHARE',
      ],
      [
        { split: { method: 'weight', participants: [{ memberId: anna.memberId, value: -100 }] } },
        400,
        'VALIDATION',
        { 'split.participants.0.value': 'shareInvalid' },
      ],
      [
        { split: { method: 'equal', participants: [{ memberId: anna.memberId }, { memberId: anna.memberId }] } },
        400,
        'INVALID_SHARE',
      ],
      [{ expenseDate: '2026-02-30' }, 400, 'VALIDATION', { expenseDate: 'dateInvalid' }],
      [{ currency: 'NOK' }, 400, 'VALIDATION', { currency: 'currencyInvalid' }],
      [{ category: '   ' }, 400, 'VALIDATION', { category: 'categoryRequired' }],
      [{ merchant: 'x'.repeat(101) }, 400, 'VALIDATION', { merchant: 'max100' }],
      [{ manualRateMicros: 0, currency: 'EUR' }, 400, 'VALIDATION', { manualRateMicros: 'rateInvalid' }],
      [{ imageId: randomUUID() }, 400, 'VALIDATION', { imageId: 'invalid' }],
    ];
    for (const [override, status, code, fields] of cases) {
      const body = expenseBody(anna, people, override);
      const res = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
      expect([status, res.body.error.code, JSON.stringify(override)]).toEqual([
        res.status,
        code,
        JSON.stringify(override),
      ]);
      if (fields) expect(res.body.error.fields).toEqual(fields);
      expect(await expenseExists(body.id)).toBe(false);
    }
  });

  it('accepts a free-form category, and the same id again only for the same expense', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const body = expenseBody(people[0]!, people, { category: 'Present' });
    expect((await people[0]!.client.post(`/api/groups/${group.id}/expenses`, body)).body.expense.category).toBe(
      'Present',
    );
    const again = await people[0]!.client.post(`/api/groups/${group.id}/expenses`, { ...body, category: 'Gåva' });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it('leaves no expense and no audit row behind when inserting the shares fails', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const db = server.database.db;
    await db.execute(
      sql.raw(
        `create function kvitt_test_fail_shares() returns trigger language plpgsql as $$ begin raise exception 'share insert failed'; end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger kvitt_test_fail_shares before insert on expense_shares for each row execute function kvitt_test_fail_shares()`,
      ),
    );
    try {
      const body = expenseBody(people[0]!, people);
      const res = await people[0]!.client.post(`/api/groups/${group.id}/expenses`, body);
      expect([res.status, res.body.error.code]).toEqual([500, 'INTERNAL']);
      expect(await expenseExists(body.id)).toBe(false);
      expect(await auditRows(body.id)).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger kvitt_test_fail_shares on expense_shares'));
      await db.execute(sql.raw('drop function kvitt_test_fail_shares()'));
    }
  });

  it('lists expenses newest first by date, then by when they were added', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    for (const [merchant, expenseDate] of [
      ['Äldst', '2026-11-01'],
      ['Nyast', '2026-11-21'],
      ['Mitten A', '2026-11-10'],
      ['Mitten B', '2026-11-10'],
    ]) {
      await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people, { merchant, expenseDate }));
    }
    const list = await anna.client.get(`/api/groups/${group.id}/expenses`);
    expect(list.body.expenses.map((r: { merchant: string }) => r.merchant)).toEqual([
      'Nyast',
      'Mitten B',
      'Mitten A',
      'Äldst',
    ]);
  });
});

describe('editing and deleting', () => {
  it('recomputes the shares and audits only the fields that changed', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const body = expenseBody(anna, people);
    await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    const { id: _id, imageId: _image, ...fields } = body;
    const res = await anna.client.patch(`/api/expenses/${body.id}`, {
      ...fields,
      totalOre: 9_001,
      merchant: 'Coop',
      note: 'Glass',
      split: { method: 'equal', participants: [{ memberId: bo.memberId }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.expense).toMatchObject({ totalOre: 9_001, merchant: 'Coop', note: 'Glass', participantCount: 1 });
    expect(sharesOf(res.body)).toEqual({ [bo.memberId]: [9_001, null] });
    const audit = (await auditRows(body.id)).find((row) => row.action === 'updated');
    expect(audit?.diffJson).toEqual({
      totalOre: { from: 30_000, to: 9_001 },
      merchant: { from: 'ICA Maxi', to: 'Coop' },
    });
  });

  it('deletes the expense with its shares and audits the deletion', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const body = expenseBody(people[0]!, people);
    await people[0]!.client.post(`/api/groups/${group.id}/expenses`, body);
    expect((await people[0]!.client.delete(`/api/expenses/${body.id}`)).status).toBe(204);
    expect((await people[0]!.client.get(`/api/expenses/${body.id}`)).status).toBe(404);
    expect(await server.database.db.select().from(expenseShares).where(eq(expenseShares.expenseId, body.id))).toEqual(
      [],
    );
    expect((await auditRows(body.id)).map((row) => row.action).sort()).toEqual(['created', 'deleted']);
  });
});

describe('the API document', () => {
  it('publishes the expense routes under expenses, and says receipt only of the photo and its reading', async () => {
    const doc = (await server.client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json'))
      .body;
    expect(Object.keys(doc.paths['/api/groups/{groupId}/expenses'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/expenses/{expenseId}'] ?? {})).toEqual(['get', 'patch', 'delete']);
    for (const path of ['/api/expenses/{expenseId}/image', '/api/expenses/{expenseId}/thumbnail'])
      expect(Object.keys(doc.paths[path] ?? {})).toEqual(['get']);
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.includes('receipt'))
        .sort(),
    ).toEqual(['/api/groups/{groupId}/receipt-images', '/api/receipts/ocr']);
  });
});
