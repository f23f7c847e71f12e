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

/** Removes a member without the announcement every process listens for, as if it were lost. */
async function removeUnannounced(memberId: string): Promise<void> {
  const db = server.database.db;
  await db.execute(sql`alter table group_members disable trigger group_members_notify`);
  try {
    await db.update(groupMembers).set({ removedAt: new Date() }).where(eq(groupMembers.id, memberId));
  } finally {
    await db.execute(sql`alter table group_members enable trigger group_members_notify`);
  }
}

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
    // A change the database does not announce is not seen: the membership was kept.
    await removeUnannounced(boMemberId);
    expect(await balancesStatus(bo, groupId)).toBe(200);
    // Any announced change to the group drops what was kept about it.
    await server.database.db.update(groups).set({ description: 'ändrad' }).where(eq(groups.id, groupId));
    expect(await eventually(() => balancesStatus(bo, groupId), 404)).toBe(404);
  });

  it('shuts a removed member out on their very next request when the removal was made here', async () => {
    const { anna, bo, groupId, boMemberId } = await groupWithBo();
    expect(await balancesStatus(bo, groupId)).toBe(200);
    expect((await anna.delete(`/api/groups/${groupId}/members/${boMemberId}`)).status).toBe(204);
    expect(await balancesStatus(bo, groupId)).toBe(404);
  });

  it('keeps what it knows of other groups across a write to one group, and forgets that group at once', async () => {
    const { anna, bo, groupId, boMemberId } = await groupWithBo();
    const other = (await anna.post('/api/groups', { name: 'Resan' })).body.group as { id: string; myMemberId: string };
    expect(await balancesStatus(bo, groupId)).toBe(200);
    await removeUnannounced(boMemberId);
    // A write to another group leaves this group's kept membership alone.
    const annaThere = { memberId: other.myMemberId } as Person;
    expect((await anna.post(`/api/groups/${other.id}/expenses`, expenseBody(annaThere, [annaThere]))).status).toBe(201);
    expect(await balancesStatus(bo, groupId)).toBe(200);
    // A write to this group, even one that changes no member, drops it: the next request reads the database.
    const annaId = ((await anna.get(`/api/groups/${groupId}`)).body.group as { myMemberId: string }).myMemberId;
    const annaHere = { memberId: annaId } as Person;
    expect((await anna.post(`/api/groups/${groupId}/expenses`, expenseBody(annaHere, [annaHere]))).status).toBe(201);
    expect(await balancesStatus(bo, groupId)).toBe(404);
  });

  it('drops an announced group whatever case the address wrote its id in', async () => {
    const { bo, groupId, boMemberId } = await groupWithBo();
    const upper = groupId.toUpperCase();
    expect(await balancesStatus(bo, upper)).toBe(200);
    await removeUnannounced(boMemberId);
    expect(await balancesStatus(bo, upper)).toBe(200);
    await server.database.db.update(groups).set({ description: 'ändrad' }).where(eq(groups.id, groupId));
    expect(await eventually(() => balancesStatus(bo, upper), 404)).toBe(404);
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
