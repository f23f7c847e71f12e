import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, expenses, groups } from '../../db/schema/index.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';
import type { Person } from '../../testing/expense-suite.ts';
import type { TestServer } from '../../testing/harness.ts';
import { startPushService } from '../../testing/push-service.ts';
import type { TestDevice, TestPushService } from '../../testing/push-service.ts';

let pushService: TestPushService;
let server: TestServer;
beforeAll(async () => {
  pushService = await startPushService();
  server = await startServer({}, { pushAgent: pushService.agent });
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const db = () => server.database.db;
const rowsWithId = async (id: string) => (await db().select().from(expenses).where(eq(expenses.id, id))).length;
const auditRowsOf = async (id: string) => (await db().select().from(auditLog).where(eq(auditLog.entityId, id))).length;

async function annaAndBoWithDevice() {
  const { group, people } = await groupOf(server, ['Anna', 'Bo']);
  const [anna, bo] = people as [Person, Person];
  const device: TestDevice = pushService.device();
  expect((await bo.client.put('/api/push/subscription', device.subscription)).status).toBe(200);
  const post = (person: Person, body: unknown) => person.client.post(`/api/groups/${group.id}/expenses`, body);
  return { group, anna, bo, device, post };
}

describe('sending the same new expense again', () => {
  it('answers the saved expense, keeps one row and one audit entry, and tells the group once', async () => {
    const { anna, bo, device, post } = await annaAndBoWithDevice();
    const body = expenseBody(anna, [anna, bo], { merchant: 'Coop', totalOre: 10_001 });
    const first = await post(anna, body);
    const again = await post(anna, body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.expense).toEqual(first.body.expense);
    expect(await rowsWithId(body.id)).toBe(1);
    expect(await auditRowsOf(body.id)).toBe(1);
    await server.pushIdle();
    expect(device.received.map((r) => r.message.body)).toEqual(['Anna lade till Coop (100,01\u00a0kr) i Fjällresa']);
  });

  it('makes one expense and one message when the same request arrives twice at once', async () => {
    const { anna, bo, device, post } = await annaAndBoWithDevice();
    const body = expenseBody(anna, [anna, bo]);
    const answers = await Promise.all([post(anna, body), post(anna, body), post(anna, body)]);
    expect(answers.map((a) => [a.status, a.body.expense?.id])).toEqual(Array(3).fill([201, body.id]));
    expect(await rowsWithId(body.id)).toBe(1);
    await server.pushIdle();
    expect(device.received).toHaveLength(1);
  });

  it('confirms the expense even when the group was settled after it was saved', async () => {
    const { group, anna, bo, post } = await annaAndBoWithDevice();
    const body = expenseBody(anna, [anna, bo]);
    expect((await post(anna, body)).status).toBe(201);
    await db().update(groups).set({ isSettled: true }).where(eq(groups.id, group.id));
    const again = await post(anna, body);
    expect([again.status, again.body.expense.id]).toEqual([201, body.id]);
    const other = await post(anna, expenseBody(anna, [anna, bo]));
    expect([other.status, other.body.error.code]).toEqual([409, 'GROUP_SETTLED']);
  });

  it('refuses the id with CONFLICT when the content differs or another member sends it', async () => {
    const { anna, bo, device, post } = await annaAndBoWithDevice();
    const body = expenseBody(anna, [anna, bo]);
    expect((await post(anna, body)).status).toBe(201);
    const changes = [
      { totalOre: 30_001 },
      { merchant: 'Lidl' },
      { note: 'extra' },
      { split: { method: 'equal', participants: [{ memberId: anna.memberId }] } },
    ];
    for (const change of changes) {
      const res = await post(anna, { ...body, ...change });
      expect([res.status, res.body.error?.code, JSON.stringify(change)]).toEqual([
        409,
        'CONFLICT',
        JSON.stringify(change),
      ]);
    }
    const byBo = await post(bo, body);
    expect([byBo.status, byBo.body.error?.code]).toEqual([409, 'CONFLICT']);
    expect(await rowsWithId(body.id)).toBe(1);
    await server.pushIdle();
    expect(device.received).toHaveLength(1);
  });
});
