import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertOre } from '#shared/domain/currency.ts';
import { isInviteCodeShape } from '#shared/domain/invite-code.ts';
import { groupMembers, groups, expenses } from '../../db/schema/index.ts';
import { insertGroup, insertMember, insertExpense } from '../../testing/factories.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';

// Every test signs up several people from one in-process address; the sign-up limit is auth's concern, not ours.
const manySignUps = {
  signIn: { limit: 1000, windowMs: 60_000 },
  signUp: { limit: 1000, windowMs: 60_000 },
  reset: { limit: 5, windowMs: 60_000 },
};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ authRateRules: manySignUps });
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();

async function createGroup(client: TestClient, name = 'Fjällresan') {
  const res = await client.post('/api/groups', { name, description: 'Åre i februari' });
  expect(res.status).toBe(201);
  return res.body.group as { id: string; myMemberId: string };
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** TestClient sends JSON or FormData only; raw image bytes go through fetch with the client's cookies. */
async function uploadImage(client: TestClient, groupId: string, body: Buffer, type = 'image/png') {
  const response = await server.fetch(
    new Request(`http://kvitt.test/api/groups/${groupId}/image`, {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': type, origin: 'http://kvitt.test', cookie: cookieOf(client) },
    }),
  );
  return { status: response.status, body: (await response.json()) as any };
}

async function fetchBytes(client: TestClient, path: string) {
  const response = await server.fetch(
    new Request(`http://kvitt.test${path}`, { headers: { cookie: cookieOf(client) } }),
  );
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('creating a group', () => {
  it('answers NOT_SIGNED_IN ("Inte inloggad") when signed out and creates nothing', async () => {
    const res = await server.client().post('/api/groups', { name: 'Ingen' });
    expect([res.status, res.body.error.code]).toEqual([401, 'NOT_SIGNED_IN']);
    expect(await db().select().from(groups).where(eq(groups.name, 'Ingen'))).toEqual([]);
  });

  it('refuses a blank name with groupNameRequired and a too long description with max200', async () => {
    const { client } = await server.signUp();
    const blank = await client.post('/api/groups', { name: '   ' });
    expect(blank.body.error).toMatchObject({ code: 'VALIDATION', fields: { name: 'groupNameRequired' } });
    const long = await client.post('/api/groups', { name: 'Lång', description: 'x'.repeat(201) });
    expect(long.body.error).toMatchObject({ code: 'VALIDATION', fields: { description: 'max200' } });
  });

  it('makes the creator its owner member, gives it a code without look-alikes and defaults to SEK', async () => {
    const { client, user } = await server.signUp();
    const group = await createGroup(client, '  Fjällresan  ');
    expect(group).toMatchObject({
      name: 'Fjällresan',
      description: 'Åre i februari',
      currency: 'SEK',
      role: 'owner',
      isOwner: true,
      memberCount: 1,
      expenseCount: 0,
      totalSpentOre: 0,
      imageUrl: null,
    });
    const [row] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect(row?.ownerId).toBe(user.id);
    expect(isInviteCodeShape(row?.inviteCode ?? '')).toBe(true);
    const members = await db().select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(members.map((m) => [m.userId, m.role, m.id])).toEqual([[user.id, 'owner', group.myMemberId]]);
  });
});

describe('listing groups', () => {
  it('lists only the caller’s groups, with member count, expense count and the total converted at each stored rate', async () => {
    const { client, user } = await server.signUp();
    const other = await server.signUp();
    const { group, owner } = await insertGroup(db(), { ownerId: user.id, name: 'Barcelona', currency: 'SEK' });
    const friend = await insertMember(db(), { groupId: group.id, userId: other.user.id });
    await insertGroup(db(), { ownerId: other.user.id, name: 'Någon annans' });
    const shares = [{ memberId: owner.id, shareOre: 0 }];
    await insertExpense(db(), { groupId: group.id, payerMemberId: owner.id, totalOre: 12_345, shares });
    await insertExpense(db(), {
      groupId: group.id,
      payerMemberId: friend.id,
      totalOre: 1_001,
      currency: 'EUR',
      rateMicros: 11_482_350,
      shares,
    });
    await insertExpense(db(), {
      groupId: group.id,
      payerMemberId: friend.id,
      totalOre: 333,
      currency: 'USD',
      rateMicros: 10_501_500,
      shares,
    });

    const res = await client.get('/api/groups');
    expect(res.status).toBe(200);
    expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual(['Barcelona']);
    const expected = 12_345 + convertOre(1_001, 11_482_350) + convertOre(333, 10_501_500);
    expect(res.body.groups[0]).toMatchObject({
      memberCount: 2,
      expenseCount: 3,
      totalSpentOre: expected,
      currency: 'SEK',
      isOwner: true,
    });
    expect(Number.isNaN(Date.parse(res.body.groups[0].updatedAt))).toBe(false);
  });
});

describe('reading a group', () => {
  it('answers NOT_FOUND to non-members, for ids that do not exist and for ids that are not uuids', async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const group = await createGroup(owner.client);
    for (const path of [
      `/api/groups/${group.id}`,
      `/api/groups/${group.id}/members`,
      `/api/groups/${crypto.randomUUID()}`,
      '/api/groups/inte-ett-id',
    ]) {
      const res = await stranger.client.get(path);
      expect([path, res.status, res.body.error.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    expect((await stranger.client.patch(`/api/groups/${group.id}`, { name: 'Kapad' })).status).toBe(404);
    expect((await owner.client.get(`/api/groups/${group.id}`)).body.group.name).toBe('Fjällresan');
  });
});

describe('renaming a group', () => {
  it('lets any member rename with a non-blank name and refuses a blank one', async () => {
    const owner = await server.signUp();
    const member = await server.signUp();
    const group = await createGroup(owner.client);
    await insertMember(db(), { groupId: group.id, userId: member.user.id });
    const renamed = await member.client.patch(`/api/groups/${group.id}`, { name: ' Fjällresan 2027 ' });
    expect([renamed.status, renamed.body.group.name]).toEqual([200, 'Fjällresan 2027']);
    const blank = await owner.client.patch(`/api/groups/${group.id}`, { name: ' ' });
    expect(blank.body.error).toMatchObject({ code: 'VALIDATION', fields: { name: 'groupNameRequired' } });
    expect((await owner.client.get(`/api/groups/${group.id}`)).body.group.name).toBe('Fjällresan 2027');
  });
});

describe('the group image', () => {
  it('is stored re-encoded as a 512 px WebP and served only to members', async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const group = await createGroup(owner.client);
    const uploaded = await uploadImage(owner.client, group.id, await png(800, 400));
    expect(uploaded.status).toBe(200);
    const imageUrl: string = uploaded.body.group.imageUrl;
    expect(imageUrl).toMatch(new RegExp(`^/api/groups/${group.id}/image\\?v=`));
    const image = await fetchBytes(owner.client, imageUrl);
    expect([image.status, image.type]).toEqual([200, 'image/webp']);
    const meta = await sharp(image.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    expect((await stranger.client.get(imageUrl)).status).toBe(404);
    expect((await server.client().get(imageUrl)).status).toBe(401);
  });

  it('refuses bytes that are not an image with INVALID_IMAGE, and deletes the old file when replaced', async () => {
    const owner = await server.signUp();
    const group = await createGroup(owner.client);
    const bad = await uploadImage(owner.client, group.id, Buffer.from('inte en bild'), 'image/png');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'INVALID_IMAGE']);
    const notImageType = await uploadImage(owner.client, group.id, await png(), 'text/plain');
    expect(notImageType.body.error.code).toBe('INVALID_IMAGE');
    await uploadImage(owner.client, group.id, await png());
    const [first] = await db().select().from(groups).where(eq(groups.id, group.id));
    await uploadImage(owner.client, group.id, await png(60, 60));
    const [second] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect(second?.imageKey).not.toBe(first?.imageKey);
    expect(await server.storage.get(first?.imageKey ?? '')).toBeNull();
    expect(await server.storage.get(second?.imageKey ?? '')).not.toBeNull();
  });
});

describe('deleting a group', () => {
  it('is refused to a member who is not the owner, with FORBIDDEN, and deletes nothing', async () => {
    const owner = await server.signUp();
    const member = await server.signUp();
    const group = await createGroup(owner.client);
    await insertMember(db(), { groupId: group.id, userId: member.user.id });
    const res = await member.client.delete(`/api/groups/${group.id}`);
    expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await owner.client.get(`/api/groups/${group.id}`)).status).toBe(200);
  });

  it('removes the group with its expenses, shares and memberships, and the stored receipt images and group image', async () => {
    const owner = await server.signUp();
    const member = await server.signUp();
    const group = await createGroup(owner.client);
    const friend = await insertMember(db(), { groupId: group.id, userId: member.user.id });
    await uploadImage(owner.client, group.id, await png());
    const expense = await insertExpense(db(), {
      groupId: group.id,
      payerMemberId: friend.id,
      totalOre: 10_000,
      shares: [
        { memberId: group.myMemberId, shareOre: 5_000 },
        { memberId: friend.id, shareOre: 5_000 },
      ],
    });
    const imageKey = `receipts/${group.id}/${crypto.randomUUID()}.jpg`;
    const thumbKey = `receipts/${group.id}/${crypto.randomUUID()}-thumb.webp`;
    await server.storage.put(imageKey, Buffer.from('jpg'), 'image/jpeg');
    await server.storage.put(thumbKey, Buffer.from('webp'), 'image/webp');
    await db().update(expenses).set({ imageKey, thumbKey }).where(eq(expenses.id, expense.id));
    const [before] = await db().select().from(groups).where(eq(groups.id, group.id));

    expect((await owner.client.delete(`/api/groups/${group.id}`)).status).toBe(204);
    expect(await db().select().from(groups).where(eq(groups.id, group.id))).toEqual([]);
    expect(await db().select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).toEqual([]);
    for (const key of [imageKey, thumbKey, before?.imageKey ?? '']) expect(await server.storage.get(key)).toBeNull();
    expect((await member.client.get(`/api/groups/${group.id}`)).status).toBe(404);
  });
});

describe('members', () => {
  it('lists owner first, then members in joining order, with their profile names', async () => {
    const owner = await server.signUp({ name: 'Olle Ägare' });
    const anna = await server.signUp({ name: 'Anna' });
    const group = await createGroup(owner.client);
    await insertMember(db(), { groupId: group.id, userId: anna.user.id });
    const res = await anna.client.get(`/api/groups/${group.id}/members`);
    expect(
      res.body.members.map((m: { name: string; role: string; isMe: boolean }) => [m.name, m.role, m.isMe]),
    ).toEqual([
      ['Olle Ägare', 'owner', false],
      ['Anna', 'member', true],
    ]);
  });

  it('lets only the owner remove a member, never the owner, answering FORBIDDEN and CANNOT_REMOVE_OWNER', async () => {
    const owner = await server.signUp();
    const anna = await server.signUp();
    const bo = await server.signUp();
    const group = await createGroup(owner.client);
    const annaMember = await insertMember(db(), { groupId: group.id, userId: anna.user.id });
    await insertMember(db(), { groupId: group.id, userId: bo.user.id });
    const byMember = await bo.client.delete(`/api/groups/${group.id}/members/${annaMember.id}`);
    expect([byMember.status, byMember.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const ownerItself = await owner.client.delete(`/api/groups/${group.id}/members/${group.myMemberId}`);
    expect([ownerItself.status, ownerItself.body.error.code]).toEqual([409, 'CANNOT_REMOVE_OWNER']);
    const unknown = await owner.client.delete(`/api/groups/${group.id}/members/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect((await owner.client.delete(`/api/groups/${group.id}/members/${annaMember.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/groups/${group.id}/members/${annaMember.id}`)).status).toBe(404);
  });

  it('keeps a removed member’s expenses and shares and shows them as a former member, while they lose access', async () => {
    const owner = await server.signUp();
    const anna = await server.signUp({ name: 'Anna Andersson' });
    const group = await createGroup(owner.client);
    const annaMember = await insertMember(db(), { groupId: group.id, userId: anna.user.id });
    await insertExpense(db(), {
      groupId: group.id,
      payerMemberId: annaMember.id,
      totalOre: 30_000,
      shares: [
        { memberId: group.myMemberId, shareOre: 15_000 },
        { memberId: annaMember.id, shareOre: 15_000 },
      ],
    });
    expect((await owner.client.delete(`/api/groups/${group.id}/members/${annaMember.id}`)).status).toBe(204);

    expect((await anna.client.get(`/api/groups/${group.id}`)).status).toBe(404);
    expect((await anna.client.get('/api/groups')).body.groups).toEqual([]);
    const detail = (await owner.client.get(`/api/groups/${group.id}`)).body.group;
    expect([detail.memberCount, detail.expenseCount, detail.totalSpentOre]).toEqual([1, 1, 30_000]);
    const members = (await owner.client.get(`/api/groups/${group.id}/members`)).body.members;
    expect(members[1]).toMatchObject({ id: annaMember.id, name: 'Anna Andersson', role: 'member' });
    expect(members[1].removedAt).not.toBeNull();
    const [row] = await db().select().from(groupMembers).where(eq(groupMembers.id, annaMember.id));
    expect(row?.displayName).toBe('Anna Andersson');
  });
});

describe('the API contract', () => {
  it('publishes the group, invite and event routes in the OpenAPI document from the shared schemas', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/groups', 'post'],
      ['/api/groups/{groupId}', 'patch'],
      ['/api/groups/{groupId}/members/{memberId}', 'delete'],
      ['/api/groups/join', 'post'],
      ['/api/invites/{token}/accept', 'post'],
      ['/api/events', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const body = doc.paths['/api/groups']?.post as {
      requestBody: { content: Record<string, { schema: { required?: string[] } }> };
    };
    expect(body.requestBody.content['application/json']?.schema.required).toContain('name');
  });
});
