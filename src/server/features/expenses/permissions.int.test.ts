import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../../db/schema/index.ts';
import type { TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const expenseExists = async (id: string) =>
  (await server.database.db.select().from(expenses).where(eq(expenses.id, id))).length > 0;

describe('who may do what', () => {
  it('answers 404 to a signed-in non-member for every route of the group and its expenses', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const { people: outsiders } = await groupOf(server, ['Utomstående']);
    const outsider = outsiders[0]!.client;
    const created = await people[0]!.client.post(`/api/groups/${group.id}/expenses`, expenseBody(people[0]!, people));
    const id = created.body.expense.id;
    const answers = [
      await outsider.get(`/api/groups/${group.id}/expenses`),
      await outsider.post(`/api/groups/${group.id}/expenses`, expenseBody(people[0]!, people)),
      await outsider.get(`/api/expenses/${id}`),
      await outsider.patch(`/api/expenses/${id}`, expenseBody(people[0]!, people)),
      await outsider.delete(`/api/expenses/${id}`),
      await outsider.get(`/api/groups/${group.id}/expenses.csv`),
    ];
    expect(answers.map((a) => [a.status, a.body.error?.code])).toEqual(Array(answers.length).fill([404, 'NOT_FOUND']));
    expect((await server.client().get(`/api/groups/${group.id}/expenses`)).status).toBe(401);
    expect(await expenseExists(id)).toBe(true);
  });

  it('lets only the payer edit and delete, refusing another member with NOT_PAYER', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const created = await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people));
    const id = created.body.expense.id;
    const edit = await bo.client.patch(`/api/expenses/${id}`, expenseBody(anna, people, { totalOre: 1 }));
    expect([edit.status, edit.body.error.code]).toEqual([403, 'NOT_PAYER']);
    const removal = await bo.client.delete(`/api/expenses/${id}`);
    expect([removal.status, removal.body.error.code]).toEqual([403, 'NOT_PAYER']);
    expect((await bo.client.get(`/api/expenses/${id}`)).body.expense).toMatchObject({
      totalOre: 30_000,
      canEdit: false,
    });
  });

  it('refuses adding, editing and deleting while the group is settled, and offers no menu then', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const created = await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people));
    const id = created.body.expense.id;
    await server.database.db.execute(sql`update groups set is_settled = true where id = ${group.id}`);
    const answers = [
      await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people)),
      await anna.client.patch(`/api/expenses/${id}`, expenseBody(anna, people, { totalOre: 1 })),
      await anna.client.delete(`/api/expenses/${id}`),
    ];
    expect(answers.map((a) => [a.status, a.body.error.code])).toEqual(Array(3).fill([409, 'GROUP_SETTLED']));
    expect((await anna.client.get(`/api/groups/${group.id}/expenses`)).body.expenses).toMatchObject([
      { id, totalOre: 30_000, canEdit: false },
    ]);
  });
});
