import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, profiles } from '../../db/schema/index.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';
import type { Person } from '../../testing/expense-suite.ts';
import { openStream } from '../../testing/event-stream.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';

// People without an account (decision 056): added by name, taking part like anyone, claimed by a user who joins.

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());

const db = () => server.database.db;
let address = 0;
const nextAddress = () => `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

type MemberView = { id: string; userId: string | null; kind: string; name: string | null; removedAt: string | null };

async function addPerson(client: TestClient, groupId: string, name: string) {
  return client.post(`/api/groups/${groupId}/people`, { name });
}

/** Adds a person and answers them as a Person an expense body can name (no client: they cannot sign in). */
async function person(by: Person, groupId: string, name: string): Promise<Person> {
  const res = await addPerson(by.client, groupId, name);
  expect(res.status).toBe(201);
  return { client: by.client, userId: '', memberId: (res.body.member as MemberView).id, name };
}

const members = async (client: TestClient, groupId: string) =>
  (await client.get(`/api/groups/${groupId}/members`)).body.members as MemberView[];

async function newLink(owner: Person, groupId: string) {
  const res = await owner.client.post(`/api/groups/${groupId}/invites`);
  expect(res.status).toBe(201);
  return res.body.link.token as string;
}

const accept = (client: TestClient, token: string, as?: string) =>
  client.post(`/api/invites/${token}/accept`, as === undefined ? {} : { as });

const joinByCode = (client: TestClient, code: string, as?: string) =>
  client.request('POST', '/api/groups/join', { code, ...(as ? { as } : {}) }, { 'x-forwarded-for': nextAddress() });

describe('adding a person without an account', () => {
  it('lets any member add one by a trimmed name; they are listed as a member without an account', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [, bo] = people as [Person, Person];
    const res = await addPerson(bo.client, group.id, '  Kalle  ');
    expect(res.status).toBe(201);
    expect(res.body.member).toMatchObject({ kind: 'placeholder', userId: null, name: 'Kalle', role: 'member' });
    const list = await members(bo.client, group.id);
    expect(list.map((m) => [m.name, m.kind])).toEqual([
      ['Anna', 'account'],
      ['Bo', 'account'],
      ['Kalle', 'placeholder'],
    ]);
    const detail = await bo.client.get(`/api/groups/${group.id}`);
    expect(detail.body.group.memberCount).toBe(3);
  });

  it('refuses a blank or too long name, and a name someone in the group already has, whatever its case', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna] = people as [Person];
    for (const [name, field] of [
      ['   ', 'nameRequired'],
      ['x'.repeat(101), 'max100'],
    ] as const) {
      const res = await addPerson(anna.client, group.id, name);
      expect([res.status, res.body.error.code, res.body.error.fields?.name]).toEqual([400, 'VALIDATION', field]);
    }
    await person(anna, group.id, 'Kalle');
    for (const taken of ['kalle', 'KALLE ', 'bo']) {
      const res = await addPerson(anna.client, group.id, taken);
      expect([res.status, res.body.error.code]).toEqual([409, 'PERSON_NAME_TAKEN']);
    }
    expect((await members(anna.client, group.id)).length).toBe(3);
  });

  it('hides the group from outsiders: NOT_FOUND for adding, renaming, removing and listing', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const kalle = await person(people[0] as Person, group.id, 'Kalle');
    const stranger = await server.signUp();
    for (const res of [
      await addPerson(stranger.client, group.id, 'Lisa'),
      await stranger.client.patch(`/api/groups/${group.id}/people/${kalle.memberId}`, { name: 'Lisa' }),
      await stranger.client.delete(`/api/groups/${group.id}/people/${kalle.memberId}`),
      await stranger.client.get(`/api/groups/${group.id}/members`),
    ])
      expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const anonymous = await addPerson(server.client(), group.id, 'Lisa');
    expect(anonymous.status).toBe(401);
  });

  it('counts their place toward the free plan’s 5 members, for adding people and for joining alike', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla']);
    const [anna] = people as [Person];
    await person(anna, group.id, 'Kalle');
    await person(anna, group.id, 'Lisa');
    const full = await addPerson(anna.client, group.id, 'Maja');
    expect([full.status, full.body.error.code]).toEqual([409, 'GROUP_FULL']);
    const joiner = await server.signUp();
    const join = await joinByCode(joiner.client, group.inviteCode, 'new');
    expect([join.status, join.body.error.code]).toEqual([409, 'GROUP_FULL']);
    await db().update(profiles).set({ plan: 'pro' }).where(eq(profiles.userId, anna.userId));
    expect((await addPerson(anna.client, group.id, 'Maja')).status).toBe(201);
  });
});

describe('taking part like anyone', () => {
  it('pays and shares in expenses, has a balance, and is in the settlement without Swish', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    await db().update(profiles).set({ phone: '0701234567' }).where(eq(profiles.userId, anna.userId));
    const kalle = await person(anna, group.id, 'Kalle');
    // Kalle pays 300 kr for all three, Anna pays 90 kr for herself and Kalle.
    const paidByKalle = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(kalle, [anna, bo, kalle]),
    );
    expect(paidByKalle.status).toBe(201);
    const paidByAnna = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, [anna, kalle], { totalOre: 9_000 }),
    );
    expect(paidByAnna.status).toBe(201);
    const balances = (await bo.client.get(`/api/groups/${group.id}/balances`)).body.balances as Array<{
      name: string;
      balanceOre: number;
      removed: boolean;
    }>;
    expect(balances.map((b) => [b.name, b.balanceOre, b.removed])).toEqual([
      ['Anna', -5_500, false],
      ['Bo', -10_000, false],
      ['Kalle', 15_500, false],
    ]);
    const settlement = (await bo.client.get(`/api/groups/${group.id}/settlement`)).body;
    const toKalle = settlement.transfers.filter((t: { toName: string }) => t.toName === 'Kalle');
    expect(toKalle.length).toBeGreaterThan(0);
    for (const transfer of toKalle)
      expect([transfer.toUserId, transfer.toPhone, transfer.canRemind]).toEqual([null, null, false]);
  });

  it('lets the recipient confirm a payment from a person without an account, and nobody else', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const kalle = await person(anna, group.id, 'Kalle');
    await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, [kalle], { totalOre: 10_000 }));
    const transfer = (await anna.client.get(`/api/groups/${group.id}/settlement`)).body.transfers[0];
    expect(transfer).toMatchObject({ fromName: 'Kalle', toName: 'Anna', amountOre: 10_000, canMarkPaid: true });
    expect((await bo.client.get(`/api/groups/${group.id}/settlement`)).body.transfers[0].canMarkPaid).toBe(false);
    const body = { fromMemberId: kalle.memberId, toMemberId: anna.memberId, amountOre: 10_000 };
    const byBo = await bo.client.post(`/api/groups/${group.id}/settlements`, body);
    expect([byBo.status, byBo.body.error.code]).toEqual([403, 'NOT_TRANSFER_PAYER']);
    expect((await anna.client.post(`/api/groups/${group.id}/settlements`, body)).status).toBe(200);
    expect(
      (await anna.client.get(`/api/groups/${group.id}/balances`)).body.balances.map(
        (b: { balanceOre: number }) => b.balanceOre,
      ),
    ).toEqual([0, 0, 0]);
  });

  it('names them in the CSV export as payer and participant', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [Person];
    const kalle = await person(anna, group.id, 'Kalle');
    await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(kalle, [anna, kalle], { merchant: 'Systemet' }),
    );
    const csv = await anna.client.get(`/api/groups/${group.id}/expenses.csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toMatch(/Systemet;[^\n]*;Kalle;Anna, Kalle/);
  });
});

describe('renaming and removing a person without an account', () => {
  it('lets any member rename one, not to a taken name, and never rename a member with an account', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const kalle = await person(anna, group.id, 'Kalle');
    await person(anna, group.id, 'Lisa');
    const path = `/api/groups/${group.id}/people/${kalle.memberId}`;
    const renamed = await bo.client.patch(path, { name: 'Karl' });
    expect([renamed.status, renamed.body.member.name]).toEqual([200, 'Karl']);
    expect((await bo.client.patch(path, { name: 'KARL' })).body.member.name).toBe('KARL');
    const taken = await bo.client.patch(path, { name: 'lisa' });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'PERSON_NAME_TAKEN']);
    const account = await bo.client.patch(`/api/groups/${group.id}/people/${anna.memberId}`, { name: 'Annie' });
    expect([account.status, account.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('removes one nothing names, by any member; keeps one an expense or a payment names', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const unused = await person(anna, group.id, 'Kalle');
    const shared = await person(anna, group.id, 'Lisa');
    await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, [anna, shared]));
    const removed = await bo.client.delete(`/api/groups/${group.id}/people/${unused.memberId}`);
    expect(removed.status).toBe(204);
    const kept = await bo.client.delete(`/api/groups/${group.id}/people/${shared.memberId}`);
    expect([kept.status, kept.body.error.code]).toEqual([409, 'PERSON_HAS_HISTORY']);
    // The owner's member removal follows the same rule for them.
    const byOwner = await anna.client.delete(`/api/groups/${group.id}/members/${shared.memberId}`);
    expect([byOwner.status, byOwner.body.error.code]).toEqual([409, 'PERSON_HAS_HISTORY']);
    const account = await bo.client.delete(`/api/groups/${group.id}/people/${anna.memberId}`);
    expect([account.status, account.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await members(anna.client, group.id)).map((m) => m.name)).toEqual(['Anna', 'Bo', 'Lisa']);
    const gone = await bo.client.delete(`/api/groups/${group.id}/people/${unused.memberId}`);
    expect(gone.status).toBe(404);
  });

  it('tells the other members’ open pages when a person is added, renamed and removed', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const stream = await openStream(bo.client, server.fetch);
    try {
      const kalle = await person(anna, group.id, 'Kalle');
      await anna.client.patch(`/api/groups/${group.id}/people/${kalle.memberId}`, { name: 'Karl' });
      await anna.client.delete(`/api/groups/${group.id}/people/${kalle.memberId}`);
      for (const op of ['INSERT', 'UPDATE', 'DELETE'])
        await stream.waitFor((e) => e.event === 'change' && e.data.table === 'group_members' && e.data.op === op);
      expect(stream.changes().every((change) => change.groupId === group.id)).toBe(true);
    } finally {
      await stream.close();
    }
  });
});

describe('claiming a place', () => {
  it('offers the invite’s people to a signed-in newcomer only, and joins as one of them with the whole history', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const kalle = await person(anna, group.id, 'Kalle');
    await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(kalle, [anna, bo, kalle]));
    await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, [kalle], { totalOre: 5_000 }));
    const before = (await anna.client.get(`/api/groups/${group.id}/balances`)).body.balances;
    const token = await newLink(anna, group.id);
    const newcomer = await server.signUp({ name: 'Karl Svensson' });

    expect((await server.client().get(`/api/invites/${token}`)).body.people).toEqual([]);
    expect((await bo.client.get(`/api/invites/${token}`)).body.people).toEqual([]);
    const preview = await newcomer.client.get(`/api/invites/${token}`);
    expect(preview.body.people).toEqual([{ memberId: kalle.memberId, name: 'Kalle' }]);

    // Not saying who they are joins no one while the group has such people.
    const unsaid = await accept(newcomer.client, token);
    expect(unsaid.body).toMatchObject({ alreadyMember: false, people: [{ memberId: kalle.memberId, name: 'Kalle' }] });
    expect((await newcomer.client.get(`/api/groups/${group.id}`)).status).toBe(404);

    const claimed = await accept(newcomer.client, token, kalle.memberId);
    expect(claimed.body).toMatchObject({ alreadyMember: false, groupId: group.id, people: [] });
    const detail = (await newcomer.client.get(`/api/groups/${group.id}`)).body.group;
    expect([detail.myMemberId, detail.memberCount]).toEqual([kalle.memberId, 3]);
    const listed = (await members(bo.client, group.id)).find((m) => m.id === kalle.memberId);
    expect(listed).toMatchObject({ kind: 'account', userId: newcomer.user.id, name: 'Karl Svensson' });
    const after = (await anna.client.get(`/api/groups/${group.id}/balances`)).body.balances;
    expect(after.map((b: { balanceOre: number }) => b.balanceOre)).toEqual(
      before.map((b: { balanceOre: number }) => b.balanceOre),
    );
    const list = (await newcomer.client.get(`/api/groups/${group.id}/expenses`)).body.expenses;
    expect(list.map((e: { payerName: string }) => e.payerName).sort()).toEqual(['Anna', 'Karl Svensson']);
    // Their statistics count what Kalle paid (300 kr) and shared (100 + 50 kr).
    const stats = (await newcomer.client.get('/api/statistics')).body;
    expect(stats.currencies[0]).toMatchObject({ currency: 'SEK', paidOre: 30_000, spentOre: 15_000, expenseCount: 2 });
    const exported = (await newcomer.client.get('/api/account/export')).body;
    expect(exported.expensesPaid.map((e: { merchant: string }) => e.merchant)).toEqual(['ICA Maxi']);
    expect(exported.shares.length).toBe(2);
    // The place is theirs now: no one else is offered it.
    const later = await server.signUp();
    expect((await later.client.get(`/api/invites/${token}`)).body.people).toEqual([]);
  });

  it('claims by group code too: the first answer lists the people, the second joins as the one chosen', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla', 'David']);
    const [anna] = people as [Person];
    const kalle = await person(anna, group.id, 'Kalle');
    const newcomer = await server.signUp();
    const first = await joinByCode(newcomer.client, group.inviteCode);
    expect(first.body).toMatchObject({ groupName: group.name, people: [{ memberId: kalle.memberId, name: 'Kalle' }] });
    // The group is full, but the place is already counted.
    const second = await joinByCode(newcomer.client, group.inviteCode, kalle.memberId);
    expect([second.status, second.body.people]).toEqual([200, []]);
    expect((await newcomer.client.get(`/api/groups/${group.id}`)).body.group.myMemberId).toBe(kalle.memberId);
  });

  it('keeps a member from claiming anyone, and a former member from taking another place', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const kalle = await person(anna, group.id, 'Kalle');
    const token = await newLink(anna, group.id);
    const asMember = await accept(bo.client, token, kalle.memberId);
    expect(asMember.body).toMatchObject({ alreadyMember: true });
    expect((await members(anna.client, group.id)).find((m) => m.id === kalle.memberId)?.kind).toBe('placeholder');
    expect((await anna.client.delete(`/api/groups/${group.id}/members/${bo.memberId}`)).status).toBe(204);
    const former = await accept(bo.client, token, kalle.memberId);
    expect([former.status, former.body.error.code]).toEqual([409, 'FORMER_MEMBER_CANNOT_CLAIM']);
  });

  it('gives a place claimed by two users at once to exactly one of them', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [Person];
    const kalle = await person(anna, group.id, 'Kalle');
    const token = await newLink(anna, group.id);
    const [one, two] = [await server.signUp(), await server.signUp()];
    const answers = await Promise.all([
      accept(one.client, token, kalle.memberId),
      accept(two.client, token, kalle.memberId),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.status === 409)?.body.error.code).toBe('PERSON_ALREADY_CLAIMED');
    const winner = answers[0]?.status === 200 ? one : two;
    const [row] = await db().select().from(groupMembers).where(eq(groupMembers.id, kalle.memberId));
    expect([row?.userId, row?.kind]).toEqual([winner.user.id, 'account']);
    expect((await members(anna.client, group.id)).length).toBe(2);
  });
});

describe('deleting accounts and groups with people without an account', () => {
  it('keeps a claimed place as a former member when its user deletes their account, and deletes the owner’s group', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    const kalle = await person(anna, group.id, 'Kalle');
    const lisa = await person(anna, group.id, 'Lisa');
    await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(kalle, [anna, kalle, lisa]));
    const claimer = await server.signUp();
    await accept(claimer.client, await newLink(anna, group.id), kalle.memberId);
    expect((await claimer.client.delete('/api/account')).status).toBeLessThan(300);
    const after = (await members(bo.client, group.id)).find((m) => m.id === kalle.memberId);
    expect(after).toMatchObject({ userId: null, kind: 'account', name: 'Tidigare medlem' });
    expect(after?.removedAt).not.toBeNull();
    expect((await bo.client.get(`/api/groups/${group.id}/balances`)).body.balances.length).toBe(4);
    expect((await anna.client.delete(`/api/groups/${group.id}`)).status).toBe(204);
    expect(await db().select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).toEqual([]);
  });
});
