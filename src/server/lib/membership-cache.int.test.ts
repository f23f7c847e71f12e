import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups } from '../db/schema/index.ts';
import { createTestServer } from '../testing/harness.ts';
import type { TestClient, TestServer } from '../testing/harness.ts';
import { expenseBody, type Person } from '../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    authRateRules: { signIn: { limit: 1000, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 } },
  });
});
afterAll(async () => server?.close());

/** Anna's group with Bo in it, both through the API; answers their clients and ids. */
async function groupWithBo() {
  const anna = await server.signUp({ name: 'Anna' });
  const bo = await server.signUp({ name: 'Bo' });
  const created = await anna.client.post('/api/groups', { name: 'Stugan' });
  const groupId = (created.body.group as { id: string }).id;
  const { code } = (await anna.client.get(`/api/groups/${groupId}/invite`)).body as { code: string };
  expect((await bo.client.post('/api/groups/join', { code })).status).toBe(200);
  const members = (await anna.client.get(`/api/groups/${groupId}/members`)).body.members as Array<{
    id: string;
    name: string;
  }>;
  const boMemberId = members.find((m) => m.name === 'Bo')?.id ?? '';
  return { anna: anna.client, bo: bo.client, groupId, boMemberId };
}

const balancesStatus = async (client: TestClient, groupId: string) =>
  (await client.get(`/api/groups/${groupId}/balances`)).status;

/** The status once it becomes `want`, asking every 20 ms for at most two seconds. */
async function eventually(read: () => Promise<number>, want: number): Promise<number> {
  const until = Date.now() + 2_000;
  let status = await read();
  while (status !== want && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await read();
  }
  return status;
}

describe('group requests, with memberships kept for a short while', () => {
  it('answers from the cache until the group announces a change', async () => {
    const { bo, groupId, boMemberId } = await groupWithBo();
    expect(await balancesStatus(bo, groupId)).toBe(200);
    const db = server.database.db;
    // A change the database does not announce is not seen: the membership was kept.
    await db.execute(sql`alter table group_members disable trigger group_members_notify`);
    try {
      await db.update(groupMembers).set({ removedAt: new Date() }).where(eq(groupMembers.id, boMemberId));
    } finally {
      await db.execute(sql`alter table group_members enable trigger group_members_notify`);
    }
    expect(await balancesStatus(bo, groupId)).toBe(200);
    // Any announced change to the group drops what was kept about it.
    await db.update(groups).set({ description: 'ändrad' }).where(eq(groups.id, groupId));
    expect(await eventually(() => balancesStatus(bo, groupId), 404)).toBe(404);
  });

  it('shuts a removed member out on their very next request when the removal was made here', async () => {
    const { anna, bo, groupId, boMemberId } = await groupWithBo();
    expect(await balancesStatus(bo, groupId)).toBe(200);
    expect((await anna.delete(`/api/groups/${groupId}/members/${boMemberId}`)).status).toBe(204);
    expect(await balancesStatus(bo, groupId)).toBe(404);
  });

  it('shuts a member out within the notification delay when another process removes them', async () => {
    const { bo, groupId, boMemberId } = await groupWithBo();
    expect(await balancesStatus(bo, groupId)).toBe(200);
    await server.database.db.update(groupMembers).set({ removedAt: new Date() }).where(eq(groupMembers.id, boMemberId));
    expect(await eventually(() => balancesStatus(bo, groupId), 404)).toBe(404);
  });

  it('sees a settled group at once after settling it here', async () => {
    const { anna, groupId } = await groupWithBo();
    const annaMemberId = ((await anna.get(`/api/groups/${groupId}`)).body.group as { myMemberId: string }).myMemberId;
    const own = { memberId: annaMemberId } as Person;
    expect((await anna.post(`/api/groups/${groupId}/expenses`, expenseBody(own, [own]))).status).toBe(201);
    expect((await anna.get(`/api/groups/${groupId}/balances`)).body.isSettled).toBe(false);
    expect((await anna.post(`/api/groups/${groupId}/settle`)).status).toBe(200);
    expect((await anna.get(`/api/groups/${groupId}/balances`)).body.isSettled).toBe(true);
    const refused = await anna.post(`/api/groups/${groupId}/expenses`, expenseBody(own, [own]));
    expect(refused.body.error?.code).toBe('GROUP_SETTLED');
  });
});
