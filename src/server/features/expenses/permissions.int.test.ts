import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../db/schema/index.ts';
import type { TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const receiptExists = async (id: string) =>
  (await server.database.db.select().from(receipts).where(eq(receipts.id, id))).length > 0;

describe('who may do what', () => {
  it('answers 404 to a signed-in non-member for every route of the group and its receipts', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const { people: outsiders } = await groupOf(server, ['Utomstående']);
    const outsider = outsiders[0]!.client;
    const created = await people[0]!.client.post(`/api/groups/${group.id}/receipts`, expenseBody(people[0]!, people));
    const id = created.body.receipt.id;
    const answers = [
      await outsider.get(`/api/groups/${group.id}/receipts`),
      await outsider.post(`/api/groups/${group.id}/receipts`, expenseBody(people[0]!, people)),
      await outsider.get(`/api/receipts/${id}`),
      await outsider.patch(`/api/receipts/${id}`, expenseBody(people[0]!, people)),
      await outsider.delete(`/api/receipts/${id}`),
      await outsider.get(`/api/groups/${group.id}/receipts.csv`),
    ];
    expect(answers.map((a) => [a.status, a.body.error?.code])).toEqual(Array(answers.length).fill([404, 'NOT_FOUND']));
    expect((await server.client().get(`/api/groups/${group.id}/receipts`)).status).toBe(401);
    expect(await receiptExists(id)).toBe(true);
  });

  it('lets only the payer edit and delete, refusing another member with NOT_PAYER', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const created = await anna.client.post(`/api/groups/${group.id}/receipts`, expenseBody(anna, people));
    const id = created.body.receipt.id;
    const edit = await bo.client.patch(`/api/receipts/${id}`, expenseBody(anna, people, { totalOre: 1 }));
    expect([edit.status, edit.body.error.code]).toEqual([403, 'NOT_PAYER']);
    const removal = await bo.client.delete(`/api/receipts/${id}`);
    expect([removal.status, removal.body.error.code]).toEqual([403, 'NOT_PAYER']);
    expect((await bo.client.get(`/api/receipts/${id}`)).body.receipt).toMatchObject({
      totalOre: 30_000,
      canEdit: false,
    });
  });

  it('refuses adding, editing and deleting while the group is settled, and offers no menu then', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const created = await anna.client.post(`/api/groups/${group.id}/receipts`, expenseBody(anna, people));
    const id = created.body.receipt.id;
    await server.database.db.execute(sql`update groups set is_settled = true where id = ${group.id}`);
    const answers = [
      await anna.client.post(`/api/groups/${group.id}/receipts`, expenseBody(anna, people)),
      await anna.client.patch(`/api/receipts/${id}`, expenseBody(anna, people, { totalOre: 1 })),
      await anna.client.delete(`/api/receipts/${id}`),
    ];
    expect(answers.map((a) => [a.status, a.body.error.code])).toEqual(Array(3).fill([409, 'GROUP_SETTLED']));
    expect((await anna.client.get(`/api/groups/${group.id}/receipts`)).body.receipts).toMatchObject([
      { id, totalOre: 30_000, canEdit: false },
    ]);
  });
});
