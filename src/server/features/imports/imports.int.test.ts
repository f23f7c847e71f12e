import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '#shared/api/imports.ts';
import type { BalancesResponse } from '#shared/api/settlement.ts';
import { createPrng } from '#shared/domain/testing/prng.ts';
import { knownBalances, randomKnownGroup } from '#shared/domain/import/testing/known-group.ts';
import type { KnownGroup } from '#shared/domain/import/testing/known-group.ts';
import {
  writeSpliitCsv,
  writeSpliitJson,
  writeSplitwiseCsv,
  writeTricountCsv,
} from '#shared/domain/import/testing/writers.ts';
import { profiles } from '../../db/schema/index.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';
import { startServer } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

/** A known group of three whose first person is `me`: Anna, who signs up under that name. */
function knownGroup(seed: number, options: Parameters<typeof randomKnownGroup>[1] = {}): KnownGroup {
  const group = randomKnownGroup(createPrng(seed), options);
  return { ...group, people: group.people.length >= 3 ? group.people.slice(0, 5) : [...group.people, 'Cecilia'] };
}

/** Premium has no member limit: a known group of up to six people fits. */
async function premium(userId: string) {
  await server.database.db.update(profiles).set({ plan: 'pro' }).where(eq(profiles.userId, userId));
}

async function preview(client: TestClient, file: string) {
  return client.post<{ preview: ImportPreview }>('/api/imports/preview', { file });
}

/** Imports `file` as the person whose name is `me`; answers the new group's balances by name. */
async function importAs(client: TestClient, file: string, meName: string, name = 'Importerad') {
  const { body } = await preview(client, file);
  const me = body.preview.people.find((person) => person.name === meName)?.key;
  const created = await client.post<{ groupId: string }>('/api/imports', { file, name, me });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const balances = await client.get<BalancesResponse>(`/api/groups/${created.body.groupId}/balances`);
  return { groupId: created.body.groupId, balances: balances.body };
}

describe('import preview', () => {
  it('answers the people of a Splitwise file with the balances the source has, picking the caller by first name', async () => {
    const { client } = await server.signUp({ name: 'Björn Berg' });
    const known = knownGroup(3, { severalPayers: true });
    const res = await preview(client, writeSplitwiseCsv(known));
    expect(res.status).toBe(200);
    const expected = knownBalances(known);
    expect(res.body.preview).toMatchObject({
      format: 'splitwise',
      suggestedName: 'Importerad från Splitwise',
      currency: 'SEK',
      expenseCount: known.expenses.length,
      paymentCount: known.payments.length,
      memberLimit: 5,
    });
    expect(res.body.preview.people.map((p) => [p.name, p.balanceOre, p.likelyMe])).toEqual(
      known.people.map((name) => [name, expected.get(name), name === 'Björn']),
    );
  });

  it('saves nothing', async () => {
    const { client } = await server.signUp({ name: 'Anna' });
    await preview(client, writeSpliitJson(knownGroup(4)));
    expect((await client.get<{ groups: unknown[] }>('/api/groups')).body.groups).toEqual([]);
  });

  it.each([
    ['a bank statement', 'Datum;Text;Belopp\n2026-01-01;Lön;25000,00\n', 'IMPORT_UNKNOWN_FORMAT', undefined],
    ['broken JSON', '{"participants": [{"id": "a"', 'IMPORT_BROKEN_FILE', undefined],
    [
      'a row that does not add up',
      'Date,Description,Category,Cost,Currency,Anna,Björn\n2026-01-01,Taxi,Taxi,10.00,SEK,5.00,-4.00\n',
      'IMPORT_AMOUNTS_MISMATCH',
      { row: '2' },
    ],
    [
      'an unknown currency',
      'Date,Description,Category,Cost,Currency,Anna,Björn\n2026-01-01,Taxi,Taxi,10.00,NOK,5.00,-5.00\n',
      'IMPORT_UNKNOWN_CURRENCY',
      { row: '2', value: 'NOK' },
    ],
    ['an empty export', 'Date,Description,Category,Cost,Currency,Anna,Björn\n', 'IMPORT_EMPTY', undefined],
  ])('refuses %s with its code and where', async (_, file, code, fields) => {
    const { client } = await server.signUp();
    const res = await client.post('/api/imports/preview', { file });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: { code, ...(fields ? { fields } : {}) } });
    if (!fields) expect(res.body.error.fields).toBeUndefined();
  });

  it('refuses a file over 5 MB', async () => {
    const { client } = await server.signUp();
    const header = 'Date,Description,Category,Cost,Currency,Anna,Björn\n';
    const row = '2026-01-01,Taxi,Taxi,10.00,SEK,5.00,-5.00\n';
    const res = await preview(client, header + row.repeat(Math.ceil((5 * 1024 * 1024) / row.length) + 1));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('is for signed-in people only', async () => {
    const res = await server.client().post('/api/imports/preview', { file: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('import', () => {
  const formats: Array<[string, (group: KnownGroup) => string, Parameters<typeof randomKnownGroup>[1]]> = [
    ['Splitwise', writeSplitwiseCsv, { severalPayers: true }],
    ['Tricount', writeTricountCsv, { severalPayers: true }],
    ['Spliit JSON', writeSpliitJson, {}],
    ['Spliit CSV', writeSpliitCsv, { shareOfPayer: true }],
  ];

  it.each(formats)(
    'a %s file written from a known group gives a group with the same balances',
    async (_, write, options) => {
      const known = knownGroup(11, options);
      if (write === writeSpliitCsv) known.payments = [];
      const me = known.people[1] ?? '';
      const { client, user } = await server.signUp({ name: me });
      await server.database.db.update(profiles).set({ plan: 'pro' }).where(eq(profiles.userId, user.id));
      const { balances, groupId } = await importAs(client, write(known), me);
      const expected = knownBalances(known);
      const byName = Object.fromEntries(
        balances.balances.map((b) => [b.userId === user.id ? me : b.name, b.balanceOre]),
      );
      expect(byName).toEqual(Object.fromEntries(known.people.map((name) => [name, expected.get(name)])));
      expect(balances.balances.reduce((sum, b) => sum + b.balanceOre, 0)).toBe(0);
      expect(balances.expenseCount).toBe(known.expenses.length);
      const members = await client.get<{ members: Array<{ name: string; isMe: boolean; role: string }> }>(
        `/api/groups/${groupId}/members`,
      );
      expect(
        members.body.members
          .filter((m) => !m.isMe)
          .map((m) => m.name)
          .sort(),
      ).toEqual(known.people.filter((name) => name !== me).sort());
      expect(members.body.members.find((m) => m.isMe)?.role).toBe('owner');
    },
  );

  it('lists every imported expense and payment in the Händelser tab, by the importer', async () => {
    const known = knownGroup(12);
    const me = known.people[0] ?? '';
    const { client, user } = await server.signUp({ name: me });
    await premium(user.id);
    const { groupId } = await importAs(client, writeSplitwiseCsv(known), me);
    const myMemberId = (await client.get(`/api/groups/${groupId}`)).body.group.myMemberId as string;
    const kinds: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = await client.get(`/api/groups/${groupId}/events${query}`);
      expect(page.status).toBe(200);
      for (const item of page.body.events as Array<{ actor: { memberId: string }; event: { kind: string } }>) {
        expect(item.actor.memberId).toBe(myMemberId);
        kinds.push(item.event.kind);
      }
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    expect(kinds.filter((kind) => kind === 'expense_added')).toHaveLength(known.expenses.length);
    expect(kinds.filter((kind) => kind === 'payment_recorded')).toHaveLength(known.payments.length);
  });

  it('adds the people as people without an account, none by the name of the owner', async () => {
    const file = 'Date,Description,Category,Cost,Currency,Anna,Björn\n2026-01-01,Taxi,Taxi,10.00,SEK,5.00,-5.00\n';
    const { client } = await server.signUp({ name: 'Björn' });
    const { body } = await preview(client, file);
    const anna = body.preview.people.find((person) => person.name === 'Anna')?.key;
    const created = await client.post<{ groupId: string }>('/api/imports', { file, name: 'Taxi', me: anna });
    const members = await client.get(`/api/groups/${created.body.groupId}/members`);
    expect(
      (members.body.members as Array<{ name: string; isMe: boolean; kind: string }>).map((m) => [
        m.name,
        m.isMe,
        m.kind,
      ]),
    ).toEqual([
      ['Björn', true, 'account'],
      ['Björn 2', false, 'placeholder'],
    ]);
  });

  it('refuses a group larger than the Gratis plan and a person who is not in the file', async () => {
    const known = randomKnownGroup(createPrng(5));
    const six = { ...known, people: ['Anna', 'Björn', 'Cecilia', 'David', 'Elin', 'Fredrik'] };
    six.expenses = [
      {
        ...known.expenses[0]!,
        payers: [{ name: 'Anna', amountOre: 600 }],
        shares: six.people.map((name) => ({ name, amountOre: 100 })),
        totalOre: 600,
      },
    ];
    six.payments = [];
    const { client } = await server.signUp({ name: 'Anna' });
    const file = writeSplitwiseCsv(six);
    const full = await client.post('/api/imports', { file, name: 'Sex', me: '5' });
    expect(full.body).toMatchObject({ error: { code: 'GROUP_FULL' } });
    const small = writeSplitwiseCsv({
      ...six,
      people: six.people.slice(0, 2),
      expenses: [
        {
          ...six.expenses[0]!,
          shares: [
            { name: 'Anna', amountOre: 300 },
            { name: 'Björn', amountOre: 300 },
          ],
        },
      ],
    });
    const nobody = await client.post('/api/imports', { file: small, name: 'Två', me: 'nobody' });
    expect(nobody.status).toBe(400);
    expect(nobody.body).toMatchObject({ error: { code: 'VALIDATION', fields: { me: 'importMeRequired' } } });
    expect((await client.get<{ groups: unknown[] }>('/api/groups')).body.groups).toEqual([]);
  });
});
