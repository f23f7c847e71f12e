import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../app.ts';
import { openPostgres } from '../db/client.ts';
import { testServerUrl, withDatabase } from '../testing/global-setup.ts';
import { insertGroup, insertMember } from '../testing/factories.ts';
import { openStream as openTestStream } from '../testing/event-stream.ts';
import { createTestServer } from '../testing/harness.ts';
import type { TestClient, TestServer } from '../testing/harness.ts';
import { createLocalStorage } from './storage.ts';
import { createMailer } from './mail.ts';
import { parseChange } from './realtime.ts';

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

const openStream = (client: TestClient, fetcher: (request: Request) => Promise<Response> = server.fetch) =>
  openTestStream(client, fetcher);

async function secondConnection() {
  const result = await server.database.db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = (result as { rows: Array<{ name: string }> }).rows[0]?.name ?? '';
  return openPostgres(withDatabase(testServerUrl(), name), { max: 2 });
}

const joinByCode = (client: TestClient, code: string) => client.post('/api/groups/join', { code });

describe('parseChange', () => {
  it('reads the trigger payload and refuses anything malformed', () => {
    expect(parseChange('{"table":"group_members","op":"INSERT","groupId":"g","userId":"u"}')).toEqual({
      table: 'group_members',
      op: 'INSERT',
      groupId: 'g',
      userId: 'u',
    });
    expect(parseChange('{"table":"groups","op":"DELETE","groupId":"g","userId":null}')).toEqual({
      table: 'groups',
      op: 'DELETE',
      groupId: 'g',
      userId: null,
    });
    for (const bad of ['', 'null', '{"table":"groups","op":"TRUNCATE"}', '{"op":"INSERT"}', 'inte json'])
      expect(parseChange(bad)).toBeNull();
  });
});

describe('GET /api/events', () => {
  it('needs a session', async () => {
    const res = await server.client().get('/api/events');
    expect([res.status, res.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('tells a user at once that they were added to a group, and then about changes in that group', async () => {
    const owner = await server.signUp();
    const guest = await server.signUp();
    const group = (await owner.client.post('/api/groups', { name: 'Live' })).body.group;
    const stream = await openStream(guest.client);
    await joinByCode(guest.client, (await owner.client.get(`/api/groups/${group.id}/invite`)).body.code);
    await stream.waitFor((r) => r.data.table === 'group_members' && r.data.mine === true);
    await owner.client.patch(`/api/groups/${group.id}`, { name: 'Live 2' });
    await stream.waitFor((r) => r.data.table === 'groups' && r.data.op === 'UPDATE');
    expect(stream.changes()[0]).toEqual({ table: 'group_members', op: 'INSERT', groupId: group.id, mine: true });
    await stream.close();
  });

  it('tells the members of a group that someone joined, and never tells anyone about groups they are not in', async () => {
    const owner = await server.signUp();
    const outsider = await server.signUp();
    const guest = await server.signUp();
    const { group } = await insertGroup(server.database.db, { ownerId: owner.user.id, name: 'Hemlig' });
    const ownerStream = await openStream(owner.client);
    const outsiderStream = await openStream(outsider.client);
    await joinByCode(guest.client, group.inviteCode);
    await ownerStream.waitFor(
      (r) => r.data.table === 'group_members' && r.data.op === 'INSERT' && r.data.mine === false,
    );
    // A change the outsider may see, made after the other one: once it arrives, the earlier one would have too.
    const own = await outsider.client.post('/api/groups', { name: 'Egen' });
    await outsiderStream.waitFor((r) => r.data.groupId === own.body.group.id);
    expect(outsiderStream.changes().filter((c) => c.groupId === group.id)).toEqual([]);
    await Promise.all([ownerStream.close(), outsiderStream.close()]);
  });

  it('tells a removed member they were removed, and nothing about the group after that', async () => {
    const owner = await server.signUp();
    const anna = await server.signUp();
    const { group } = await insertGroup(server.database.db, { ownerId: owner.user.id });
    const member = await insertMember(server.database.db, { groupId: group.id, userId: anna.user.id });
    const stream = await openStream(anna.client);
    await owner.client.delete(`/api/groups/${group.id}/members/${member.id}`);
    await stream.waitFor((r) => r.data.table === 'group_members' && r.data.op === 'UPDATE' && r.data.mine === true);
    await owner.client.patch(`/api/groups/${group.id}`, { name: 'Utan Anna' });
    const marker = await anna.client.post('/api/groups', { name: 'Annas' });
    await stream.waitFor((r) => r.data.groupId === marker.body.group.id);
    expect(stream.changes().filter((c) => c.groupId === group.id && c.table === 'groups')).toEqual([]);
    await stream.close();
  });

  it('reaches a second server on the same database: every process delivers what any process wrote', async () => {
    // On PostgreSQL the second server has its own connections, as another process would; PGlite has one by nature.
    const database = server.database.kind === 'postgres' ? await secondConnection() : server.database;
    const logger = pino({ level: 'silent' });
    const mailer = createMailer({ from: server.env.MAIL_FROM, outboxDir: `${server.dataDir}/outbox2`, logger });
    const second = createApp({
      env: server.env,
      database,
      logger,
      mailer,
      storage: createLocalStorage(`${server.dataDir}/files2`),
    });
    const owner = await server.signUp();
    const guest = await server.signUp();
    const group = (await owner.client.post('/api/groups', { name: 'Två servrar' })).body.group;
    const stream = await openStream(owner.client, async (request) => second.app.fetch(request));
    await joinByCode(guest.client, (await owner.client.get(`/api/groups/${group.id}/invite`)).body.code);
    await stream.waitFor(
      (r) => r.data.table === 'group_members' && r.data.groupId === group.id && r.data.mine === false,
    );
    await stream.close();
    mailer.close();
    if (database !== server.database) await database.close();
  });
});
