import { and, eq, isNull } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInviteCode } from '#shared/domain/invite-code.ts';
import { groupMembers, groups, invites, profiles } from '../../db/schema/index.ts';
import { insertGroup, insertMember } from '../../testing/factories.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';

const manySignUps = {
  signIn: { limit: 1000, windowMs: 60_000 },
  signUp: { limit: 1000, windowMs: 60_000 },
  reset: { limit: 5, windowMs: 60_000 },
};

let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy each test joins from its own address, so the per-address join limit is tested on purpose only.
  server = await createTestServer({ authRateRules: manySignUps, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => server?.close());

const db = () => server.database.db;
let addressCounter = 0;
const newAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const joinByCode = (client: TestClient, code: string, address = newAddress()) =>
  client.request('POST', '/api/groups/join', { code }, { 'x-forwarded-for': address });

async function ownedGroup(options: { plan?: 'plus' | 'pro' } = {}) {
  const owner = await server.signUp({ name: 'Ägaren' });
  if (options.plan) await db().update(profiles).set({ plan: options.plan }).where(eq(profiles.userId, owner.user.id));
  const { group } = await insertGroup(db(), { ownerId: owner.user.id, name: 'Stugan' });
  return { owner, group };
}

async function newLink(client: TestClient, groupId: string) {
  const res = await client.post(`/api/groups/${groupId}/invites`);
  expect(res.status).toBe(201);
  return res.body.link as { token: string; url: string; expiresAt: string; qrUrl: string };
}

const activeMembers = async (groupId: string) =>
  (
    await db()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt)))
  ).length;

async function fillGroup(groupId: string, extra: number) {
  for (let i = 0; i < extra; i += 1) await insertMember(db(), { groupId, userId: (await server.signUp()).user.id });
}

describe('who may invite', () => {
  it('shows the code and makes and revokes links for the owner only: FORBIDDEN to members, NOT_FOUND to outsiders', async () => {
    const { owner, group } = await ownedGroup();
    const member = await server.signUp();
    const stranger = await server.signUp();
    await insertMember(db(), { groupId: group.id, userId: member.user.id });
    const link = await newLink(owner.client, group.id);
    const calls = (client: TestClient) => [
      client.get(`/api/groups/${group.id}/invite`),
      client.post(`/api/groups/${group.id}/invites`),
      client.post(`/api/invites/${link.token}/revoke`),
      client.get(link.qrUrl),
      client.patch(`/api/groups/${group.id}/invite`, { invitesEnabled: false }),
    ];
    for (const res of await Promise.all(calls(member.client)))
      expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
    for (const res of await Promise.all(calls(stranger.client)))
      expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    for (const res of await Promise.all(calls(server.client()))) expect(res.body.error.code).toBe('UNAUTHENTICATED');
    const dialog = await owner.client.get(`/api/groups/${group.id}/invite`);
    expect(dialog.body).toMatchObject({ code: group.inviteCode, invitesEnabled: true, link: { token: link.token } });
  });
});

describe('invite links', () => {
  it('carry at least 128 random bits, point at /invite/{token} and stay valid 7 days', async () => {
    const { owner, group } = await ownedGroup();
    const before = Date.now();
    const link = await newLink(owner.client, group.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`http://kvitt.test/invite/${link.token}`);
    const validMs = Date.parse(link.expiresAt) - before;
    expect(validMs).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validMs).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
  });

  it('replace each other: a new link makes the earlier one revoked, and revoking leaves the dialog without a link', async () => {
    const { owner, group } = await ownedGroup();
    const first = await newLink(owner.client, group.id);
    const second = await newLink(owner.client, group.id);
    expect(second.token).not.toBe(first.token);
    expect((await server.client().get(`/api/invites/${first.token}`)).body.status).toBe('revoked');
    expect((await owner.client.post(`/api/invites/${second.token}/revoke`)).status).toBe(204);
    expect((await owner.client.get(`/api/groups/${group.id}/invite`)).body.link).toBeNull();
    expect((await owner.client.get(second.qrUrl)).status).toBe(404);
  });

  it('have a 300×300 QR code, drawn by Kvitt, that decodes to the invite URL', async () => {
    const { owner, group } = await ownedGroup();
    const link = await newLink(owner.client, group.id);
    const response = await server.fetch(
      new Request(`http://kvitt.test${link.qrUrl}`, {
        headers: { cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    );
    expect(response.headers.get('content-type')).toBe('image/png');
    const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 300]);
    expect(jsQR.default(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(link.url);
  });
});

describe('the invite page', () => {
  it('tells anyone holding the token the group name and status, and a signed-in visitor their membership', async () => {
    const { owner, group } = await ownedGroup();
    const link = await newLink(owner.client, group.id);
    const anonymous = (await server.client().get(`/api/invites/${link.token}`)).body;
    expect(anonymous).toEqual({
      status: 'valid',
      groupName: 'Stugan',
      expiresAt: link.expiresAt,
      membership: null,
      groupId: null,
      people: [],
    });
    expect((await owner.client.get(`/api/invites/${link.token}`)).body).toMatchObject({
      membership: 'owner',
      groupId: group.id,
    });
    expect((await (await server.signUp()).client.get(`/api/invites/${link.token}`)).body).toMatchObject({
      membership: 'none',
      groupId: null,
    });
  });

  it('reports revoked, expired, used-up and disabled links, and NOT_FOUND for unknown tokens', async () => {
    const { owner, group } = await ownedGroup();
    const status = async (token: string) => (await server.client().get(`/api/invites/${token}`)).body.status;
    const link = await newLink(owner.client, group.id);
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, link.token));
    expect(await status(link.token)).toBe('expired');
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() + 60_000), maxUses: 1, useCount: 1 })
      .where(eq(invites.token, link.token));
    expect(await status(link.token)).toBe('used_up');
    await db().update(invites).set({ maxUses: null }).where(eq(invites.token, link.token));
    await owner.client.patch(`/api/groups/${group.id}/invite`, { invitesEnabled: false });
    expect(await status(link.token)).toBe('disabled');
    await owner.client.post(`/api/invites/${link.token}/revoke`);
    expect(await status(link.token)).toBe('revoked');
    for (const token of ['A'.repeat(43), 'kort', ''])
      expect((await server.client().get(`/api/invites/${token}`)).status).toBe(404);
  });
});

describe('accepting an invite', () => {
  it('needs a session, joins once, and answers alreadyMember on the second try and isOwner for the owner', async () => {
    const { owner, group } = await ownedGroup();
    const link = await newLink(owner.client, group.id);
    expect((await server.client().post(`/api/invites/${link.token}/accept`)).body.error.code).toBe('UNAUTHENTICATED');
    const guest = await server.signUp();
    expect((await guest.client.post(`/api/invites/${link.token}/accept`)).body).toEqual({
      alreadyMember: false,
      isOwner: false,
      groupId: group.id,
      people: [],
    });
    expect((await guest.client.post(`/api/invites/${link.token}/accept`)).body).toEqual({
      alreadyMember: true,
      isOwner: false,
      groupId: group.id,
      people: [],
    });
    expect((await owner.client.post(`/api/invites/${link.token}/accept`)).body).toEqual({
      alreadyMember: true,
      isOwner: true,
      groupId: group.id,
      people: [],
    });
    expect(await activeMembers(group.id)).toBe(2);
    const [row] = await db().select().from(invites).where(eq(invites.token, link.token));
    expect(row?.useCount).toBe(1);
  });

  it('answers INVALID_INVITE, INVITE_EXPIRED, MAX_USES_REACHED and INVITES_DISABLED and admits nobody', async () => {
    const { owner, group } = await ownedGroup();
    const guest = await server.signUp();
    const accept = async (token: string) => (await guest.client.post(`/api/invites/${token}/accept`)).body.error?.code;
    expect(await accept('x'.repeat(43))).toBe('INVALID_INVITE');
    const revoked = await newLink(owner.client, group.id);
    await owner.client.post(`/api/invites/${revoked.token}/revoke`);
    expect(await accept(revoked.token)).toBe('INVALID_INVITE');
    const link = await newLink(owner.client, group.id);
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, link.token));
    expect(await accept(link.token)).toBe('INVITE_EXPIRED');
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() + 60_000), maxUses: 3, useCount: 3 })
      .where(eq(invites.token, link.token));
    expect(await accept(link.token)).toBe('MAX_USES_REACHED');
    await db().update(invites).set({ maxUses: null }).where(eq(invites.token, link.token));
    await owner.client.patch(`/api/groups/${group.id}/invite`, { invitesEnabled: false });
    expect(await accept(link.token)).toBe('INVITES_DISABLED');
    expect(await activeMembers(group.id)).toBe(1);
  });
});

describe('joining by code', () => {
  it('finds the group whatever the case, spaces and hyphens, and is harmless twice', async () => {
    const { group } = await ownedGroup();
    const guest = await server.signUp();
    const typed = ` ${formatInviteCode(group.inviteCode).toLowerCase().split('').join(' ')} `;
    const joined = await joinByCode(guest.client, typed);
    expect(joined.body).toEqual({
      alreadyMember: false,
      isOwner: false,
      groupId: group.id,
      groupName: 'Stugan',
      people: [],
    });
    expect((await joinByCode(guest.client, group.inviteCode)).body.alreadyMember).toBe(true);
    expect(await activeMembers(group.id)).toBe(2);
  });

  it('answers codeRequired for an empty code, INVALID_CODE for an unknown one and INVITES_DISABLED when joining is off', async () => {
    const { owner, group } = await ownedGroup();
    const guest = await server.signUp();
    expect((await joinByCode(guest.client, ' - ')).body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { code: 'codeRequired' },
    });
    for (const code of ['ABCDEFGO', 'ABC', 'ZZZZ-ZZZZ'])
      expect((await joinByCode(guest.client, code)).body.error.code).toBe('INVALID_CODE');
    await owner.client.patch(`/api/groups/${group.id}/invite`, { invitesEnabled: false });
    const disabled = await joinByCode(guest.client, group.inviteCode);
    expect([disabled.status, disabled.body.error.code]).toEqual([403, 'INVITES_DISABLED']);
    expect(await activeMembers(group.id)).toBe(1);
  });

  it('answers RATE_LIMITED with Retry-After after 10 tries per account, even from new addresses', async () => {
    const guest = await server.signUp();
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await joinByCode(guest.client, 'ZZZZZZZZ')).body.error.code);
    expect(codes).toEqual([...Array(10).fill('INVALID_CODE'), 'RATE_LIMITED']);
    const limited = await joinByCode(guest.client, 'ZZZZZZZZ');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers RATE_LIMITED after 30 tries from one address, even spread over several accounts', async () => {
    const address = newAddress();
    const codes: string[] = [];
    for (let person = 0; person < 4; person += 1) {
      const guest = await server.signUp();
      for (let i = 0; i < 8; i += 1) codes.push((await joinByCode(guest.client, 'ZZZZZZZZ', address)).body.error.code);
    }
    expect(codes.slice(0, 30).every((code) => code === 'INVALID_CODE')).toBe(true);
    expect(codes.slice(30)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
  });
});

describe('the free-plan limit of 5 members', () => {
  it('refuses the 6th member by link and by code with GROUP_FULL and writes nothing', async () => {
    const { owner, group } = await ownedGroup();
    await fillGroup(group.id, 4);
    const link = await newLink(owner.client, group.id);
    const sixth = await server.signUp();
    const byLink = await sixth.client.post(`/api/invites/${link.token}/accept`);
    expect([byLink.status, byLink.body.error.code]).toEqual([409, 'GROUP_FULL']);
    expect((await joinByCode(sixth.client, group.inviteCode)).body.error.code).toBe('GROUP_FULL');
    expect(await activeMembers(group.id)).toBe(5);
    const [row] = await db().select().from(invites).where(eq(invites.token, link.token));
    expect(row?.useCount).toBe(0);
    expect((await sixth.client.get(`/api/groups/${group.id}`)).status).toBe(404);
  });

  it('does not apply when the owner is on Premium, and removed members free their seat', async () => {
    const { group } = await ownedGroup({ plan: 'pro' });
    await fillGroup(group.id, 5);
    expect((await joinByCode((await server.signUp()).client, group.inviteCode)).status).toBe(200);
    expect(await activeMembers(group.id)).toBe(7);

    const free = await ownedGroup();
    await fillGroup(free.group.id, 4);
    const [leaving] = await db()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, free.group.id), eq(groupMembers.role, 'member')));
    await free.owner.client.delete(`/api/groups/${free.group.id}/members/${leaving?.id}`);
    expect((await joinByCode((await server.signUp()).client, free.group.inviteCode)).status).toBe(200);
  });

  it('gives the last free seat to exactly one of two people joining at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner, group } = await ownedGroup();
      await fillGroup(group.id, 3);
      const link = await newLink(owner.client, group.id);
      const [a, b] = [await server.signUp(), await server.signUp()];
      const results = await Promise.all([
        joinByCode(a.client, group.inviteCode),
        b.client.post(`/api/invites/${link.token}/accept`),
      ]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(results.find((res) => res.status === 409)?.body.error.code).toBe('GROUP_FULL');
      expect(await activeMembers(group.id)).toBe(5);
    }
  });
});

describe('a removed member joining again', () => {
  it('gets their old membership back, so their expenses are theirs again', async () => {
    const { owner, group } = await ownedGroup();
    const anna = await server.signUp();
    const membership = await insertMember(db(), { groupId: group.id, userId: anna.user.id });
    await owner.client.delete(`/api/groups/${group.id}/members/${membership.id}`);
    expect((await joinByCode(anna.client, group.inviteCode)).body.alreadyMember).toBe(false);
    const rows = await db().select().from(groupMembers).where(eq(groupMembers.userId, anna.user.id));
    expect(rows.map((row) => [row.id, row.removedAt, row.role])).toEqual([[membership.id, null, 'member']]);
    expect((await anna.client.get(`/api/groups/${group.id}`)).body.group.myMemberId).toBe(membership.id);
    expect((await db().select().from(groups).where(eq(groups.id, group.id))).length).toBe(1);
  });
});
