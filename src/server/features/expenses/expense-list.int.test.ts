import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseListResponse } from '#shared/api/expenses.ts';
import { expenses } from '../../db/schema/index.ts';
import { insertExpense } from '../../testing/factories.ts';
import type { TestClient, TestResponse, TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer, type Person } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

type Seed = { expenseDate: string; category?: string; savedAt?: string };

/** Expenses paid by `payer`; `savedAt` overrides created_at to the microsecond, to build exact ties. */
async function seed(groupId: string, payer: Person, rows: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, row] of rows.entries()) {
    const expense = await insertExpense(server.database.db, {
      groupId,
      payerMemberId: payer.memberId,
      totalOre: 1_000 + index,
      shares: [{ memberId: payer.memberId, shareOre: 1_000 + index }],
      expenseDate: row.expenseDate,
      merchant: `Butik ${index}`,
      category: row.category ?? 'mat',
    });
    if (row.savedAt)
      await server.database.db
        .update(expenses)
        .set({ createdAt: sql`${row.savedAt}::timestamptz` })
        .where(eq(expenses.id, expense.id));
    ids.push(expense.id);
  }
  return ids;
}

/** The order the list promises, computed here from the stored rows: date, then saved time, then id, all descending. */
async function expectedOrder(ids: string[]): Promise<string[]> {
  const rows = await server.database.db
    .select({
      id: expenses.id,
      date: expenses.expenseDate,
      savedAt: sql<string>`to_char(${expenses.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
    })
    .from(expenses)
    .where(inArray(expenses.id, ids));
  const key = (row: (typeof rows)[number]) => `${row.date}|${row.savedAt}|${row.id}`;
  return rows.sort((a, b) => (key(a) < key(b) ? 1 : -1)).map((row) => row.id);
}

/** Every page from the first, following nextCursor; `between` runs after the first page. */
async function readAll(client: TestClient, url: string, between?: () => Promise<void>) {
  const pages: ExpenseListResponse[] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const res: TestResponse<ExpenseListResponse> = await client.get<ExpenseListResponse>(
      cursor ? `${url}${separator}cursor=${encodeURIComponent(cursor)}` : url,
    );
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
    if (pages.length === 1) await between?.();
  } while (cursor && pages.length < 50);
  return pages;
}

const idsOf = (pages: ExpenseListResponse[]) => pages.flatMap((page) => page.expenses.map((r) => r.id));

describe('the expense list pages', () => {
  it('hands out every expense exactly once, newest first, across pages cut inside runs of equal dates and times', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0]!;
    const sameMoment = '2026-11-20T10:00:00.123456Z';
    const ids = await seed(group.id, anna, [
      ...Array.from({ length: 6 }, () => ({ expenseDate: '2026-11-20', savedAt: sameMoment })),
      { expenseDate: '2026-11-20', savedAt: '2026-11-20T10:00:00.123457Z' },
      { expenseDate: '2026-11-20', savedAt: '2026-11-20T10:00:00.123455Z' },
      ...Array.from({ length: 4 }, () => ({ expenseDate: '2026-11-19' })),
      { expenseDate: '2026-12-01' },
    ]);

    const pages = await readAll(anna.client, `/api/groups/${group.id}/expenses?limit=4`);
    expect(pages.map((page) => page.expenses.length)).toEqual([4, 4, 4, 1]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const listed = idsOf(pages);
    expect(new Set(listed).size).toBe(ids.length);
    expect(listed).toEqual(await expectedOrder(ids));

    const whole = await anna.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses`);
    expect(whole.body.expenses.map((r) => r.id)).toEqual(listed);
    expect(whole.body.nextCursor).toBeNull();
  });

  it('answers 50 expenses unless asked, and at most 200 a page', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0]!;
    await seed(
      group.id,
      anna,
      Array.from({ length: 201 }, (_, i) => ({ expenseDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-01` })),
    );
    const first = await anna.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses`);
    expect([first.body.expenses.length, typeof first.body.nextCursor]).toEqual([50, 'string']);
    const largest = await anna.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses?limit=200`);
    expect(largest.body.expenses).toHaveLength(200);
    const rest = await anna.client.get<ExpenseListResponse>(
      `/api/groups/${group.id}/expenses?limit=200&cursor=${largest.body.nextCursor}`,
    );
    expect([rest.body.expenses.length, rest.body.nextCursor]).toEqual([1, null]);
  });

  it('keeps its place when expenses are saved between two pages', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0]!;
    const ids = await seed(group.id, anna, [
      ...Array.from({ length: 5 }, () => ({ expenseDate: '2026-11-10' })),
      ...Array.from({ length: 5 }, () => ({ expenseDate: '2026-11-01' })),
    ]);
    const order = await expectedOrder(ids);
    const added: Record<'newest' | 'older', string> = { newest: randomUUID(), older: randomUUID() };

    const pages = await readAll(anna.client, `/api/groups/${group.id}/expenses?limit=3`, async () => {
      // One sorts before everything already read, one among the expenses still to come.
      for (const [id, expenseDate] of [
        [added.newest, '2026-11-30'],
        [added.older, '2026-11-05'],
      ] as const)
        expect(
          (await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, [anna], { id, expenseDate })))
            .status,
        ).toBe(201);
    });

    const listed = idsOf(pages);
    expect(listed).toEqual([...order.slice(0, 5), added.older, ...order.slice(5)]);
    expect(listed).not.toContain(added.newest);
  });

  it('filters by category on the server, pages within it, and names every category in use on the first page', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0]!;
    const ids = await seed(group.id, anna, [
      ...Array.from({ length: 5 }, (_, i) => ({ expenseDate: `2026-11-0${i + 1}`, category: 'mat' })),
      { expenseDate: '2026-11-03', category: 'transport' },
      { expenseDate: '2026-11-08', category: 'transport' },
      { expenseDate: '2026-11-09', category: 'Hyrbil' },
    ]);
    const food = ids.slice(0, 5);

    const pages = await readAll(anna.client, `/api/groups/${group.id}/expenses?category=mat&limit=2`);
    expect(pages.map((page) => page.expenses.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.expenses.map((r) => r.category))).toEqual(Array(5).fill('mat'));
    expect(idsOf(pages)).toEqual(await expectedOrder(food));
    expect([...(pages[0]?.categories ?? [])].sort()).toEqual(['Hyrbil', 'mat', 'transport']);
    expect(pages.slice(1).map((page) => page.categories)).toEqual([undefined, undefined]);

    const custom = await anna.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses?category=Hyrbil`);
    expect(custom.body.expenses.map((r) => r.id)).toEqual([ids[7]]);
    const unused = await anna.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses?category=logi`);
    expect([unused.body.expenses, unused.body.nextCursor, unused.body.categories?.length]).toEqual([[], null, 3]);
  });

  it('finds expenses by merchant or note in any case, and by amount, page by page', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0]!;
    const rows = [
      { merchant: 'ICA Nära Årsta', note: null, totalOre: 55_438 },
      { merchant: 'Åhléns City', note: 'Present till Bo', totalOre: 55_400 },
      { merchant: 'Systembolaget', note: 'Åtta flaskor', totalOre: 55_499 },
      { merchant: 'Rea 50% _sista_', note: null, totalOre: 55_500 },
      { merchant: null, note: 'Hyra november', totalOre: 1_234_500 },
    ];
    const ids: string[] = [];
    for (const [index, row] of rows.entries()) {
      const expense = await insertExpense(server.database.db, {
        groupId: group.id,
        payerMemberId: anna.memberId,
        totalOre: row.totalOre,
        shares: [{ memberId: anna.memberId, shareOre: row.totalOre }],
        expenseDate: `2026-11-0${index + 1}`,
        merchant: row.merchant,
      });
      await server.database.db.update(expenses).set({ note: row.note }).where(eq(expenses.id, expense.id));
      ids.push(expense.id);
    }
    const found = async (q: string) =>
      idsOf(await readAll(anna.client, `/api/groups/${group.id}/expenses?limit=1&q=${encodeURIComponent(q)}`));

    expect(await found('åhléns')).toEqual([ids[1]]);
    expect(await found('ÅTTA')).toEqual([ids[2]]);
    expect(await found('  ica   nära ')).toEqual([ids[0]]);
    expect(await found('554,38')).toEqual([ids[0]]);
    expect(await found('554')).toEqual([ids[2], ids[1], ids[0]]);
    expect(await found('12 345 kr')).toEqual([ids[4]]);
    expect(await found('50%')).toEqual([ids[3]]);
    expect(await found('_sista_')).toEqual([ids[3]]);
    expect(await found('a_n')).toEqual([]);
    expect(await found('Willys')).toEqual([]);
    const all = await anna.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses?q=%20%20`);
    expect(all.body.expenses).toHaveLength(5);

    const tooLong = await anna.client.get(`/api/groups/${group.id}/expenses?q=${'a'.repeat(101)}`);
    expect([tooLong.status, tooLong.body.error?.code]).toEqual([400, 'VALIDATION']);
  });

  it('lists only expenses with an image when asked, for the attachments', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0]!;
    const ids = await seed(group.id, anna, [{ expenseDate: '2026-11-01' }, { expenseDate: '2026-11-02' }]);
    await server.database.db
      .update(expenses)
      .set({ imageKey: `receipts/${group.id}/${randomUUID()}` })
      .where(eq(expenses.id, ids[0]!));
    const withImage = await anna.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses?hasImage=true`);
    expect(withImage.body.expenses.map((r) => r.id)).toEqual([ids[0]]);
    expect(withImage.body.expenses[0]?.imageUrl).toMatch(/\/image\?v=/);
  });

  it('answers VALIDATION to a cursor it did not hand out and to a page size out of range', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0]!;
    await seed(group.id, anna, [{ expenseDate: '2026-11-01' }]);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = randomUUID();
    const badCursors = [
      'inte-en-markör',
      encode(['2026-02-30', '2026-11-20T10:00:00.000000Z', id]),
      encode(['2026-11-20', '2026-11-20T25:00:00.000000Z', id]),
      encode(['2026-11-20', '2026-11-20T10:00:00Z', id]),
      encode(['2026-11-20', '2026-11-20T10:00:00.000000Z', 'inte-ett-id']),
      encode({ expenseDate: '2026-11-20', savedAt: '2026-11-20T10:00:00.000000Z', id }),
    ];
    for (const cursor of badCursors) {
      const res = await anna.client.get(`/api/groups/${group.id}/expenses?cursor=${encodeURIComponent(cursor)}`);
      expect([res.status, res.body.error?.code, res.body.error?.fields]).toEqual([
        400,
        'VALIDATION',
        { cursor: 'invalid' },
      ]);
    }
    for (const limit of ['0', '201', 'tio']) {
      const res = await anna.client.get(`/api/groups/${group.id}/expenses?limit=${limit}`);
      expect([res.status, res.body.error?.code, Object.keys(res.body.error?.fields ?? {})]).toEqual([
        400,
        'VALIDATION',
        ['limit'],
      ]);
    }
  });

  it('answers NOT_FOUND to a non-member, on the first page and with a cursor', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const { people: outsiders } = await groupOf(server, ['Utomstående']);
    await seed(group.id, people[0]!, [{ expenseDate: '2026-11-01' }, { expenseDate: '2026-11-02' }]);
    const first = await people[0]!.client.get<ExpenseListResponse>(`/api/groups/${group.id}/expenses?limit=1`);
    const cursor = first.body.nextCursor ?? '';
    expect(cursor).not.toBe('');
    for (const url of [
      `/api/groups/${group.id}/expenses`,
      `/api/groups/${group.id}/expenses?limit=1&cursor=${cursor}`,
    ]) {
      const res = await outsiders[0]!.client.get(url);
      expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});
