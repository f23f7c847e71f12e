import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, expenses } from '../../db/schema/index.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';
import { buildWorld, memberSums } from '../../testing/account-world.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

async function publicTables(): Promise<string[]> {
  const result = await server.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (result as { rows: Array<{ table_name: string }> }).rows.map((row) => row.table_name);
}

/** Every row of every table, as text, that mentions any of the needles (case-insensitive). */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await publicTables()) {
    const result = await server.database.db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    );
    for (const { row } of (result as { rows: Array<{ row: string }> }).rows) {
      const lower = row.toLowerCase();
      if (needles.some((needle) => lower.includes(needle.toLowerCase()))) found.push(`${table}: ${row}`);
    }
  }
  return found;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(dir, file)).isFile());
}

describe('account deletion', () => {
  it("leaves no row anywhere that holds the user's id, e-mail, name, phone or address", async () => {
    const world = await buildWorld(server, 'scan');
    const { alice } = world;
    const needles = [
      alice.user.id,
      alice.user.email,
      alice.user.name,
      '0705551234',
      'Aliceväg scan',
      'Alices anteckning scan',
    ];
    expect((await rowsMentioning(needles)).length).toBeGreaterThan(5);

    const res = await alice.client.delete('/api/account');
    expect(res.status).toBe(204);
    expect(await rowsMentioning(needles)).toEqual([]);
  });

  it("removes the image files of the owned groups and of the expenses the user uploaded, and no one else's", async () => {
    const world = await buildWorld(server, 'files');
    const root = path.join(server.dataDir, 'files');
    const before = filesUnder(root).filter((file) => file.includes('files-'));
    expect(before.filter((file) => !file.endsWith('.type')).sort()).toEqual(
      [
        `receipts/${world.groups.a.group.id}/files-a-thumb.webp`,
        `receipts/${world.groups.a.group.id}/files-a.jpg`,
        `receipts/${world.groups.b.group.id}/files-alice.jpg`,
        `receipts/${world.groups.b.group.id}/files-bob.jpg`,
      ].sort(),
    );
    await world.alice.client.delete('/api/account');
    const after = filesUnder(root).filter((file) => file.includes('files-'));
    expect(after.sort()).toEqual([
      `receipts/${world.groups.b.group.id}/files-bob.jpg`,
      `receipts/${world.groups.b.group.id}/files-bob.jpg.type`,
    ]);
  });

  it('deletes the owned groups with everything in them, and the memberships nothing points at', async () => {
    const world = await buildWorld(server, 'groups');
    await world.alice.client.delete('/api/account');
    const db = server.database.db;
    expect(await db.select().from(groups).where(eq(groups.id, world.groups.a.group.id))).toEqual([]);
    expect(await db.select().from(expenses).where(eq(expenses.groupId, world.groups.a.group.id))).toEqual([]);
    expect(await db.select().from(groupMembers).where(eq(groupMembers.id, world.members.cAlice.id))).toEqual([]);
  });

  it("keeps the other members' balances in groups the user did not own exactly as they were", async () => {
    const world = await buildWorld(server, 'balance');
    const before = await memberSums(server, world.groups.b.group.id);
    await world.alice.client.delete('/api/account');
    expect(await memberSums(server, world.groups.b.group.id)).toEqual(before);
    const [former] = await server.database.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.id, world.members.bAlice.id));
    expect(former).toMatchObject({ userId: null, displayName: 'Tidigare medlem' });
    expect(former?.removedAt).toBeInstanceOf(Date);
    const [kept] = await server.database.db.select().from(expenses).where(eq(expenses.id, world.expenses.alicePaid.id));
    expect(kept).toMatchObject({
      totalOre: 30_000,
      payerMemberId: world.members.bAlice.id,
      imageKey: null,
      thumbKey: null,
      note: null,
    });
  });

  it('ends every session of the user, clears the cookie and frees the e-mail for a new account', async () => {
    const world = await buildWorld(server, 'sessions');
    const { alice } = world;
    const second = server.client();
    await second.post('/api/auth/sign-in/email', { email: alice.user.email, password: alice.password });
    expect((await second.get('/api/auth/get-session')).body.user.id).toBe(alice.user.id);

    const res = await alice.client.delete('/api/account');
    expect(
      res.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie) || /max-age=0/i.test(cookie)),
    ).toBe(true);
    expect((await alice.client.get('/api/auth/get-session')).body).toBeNull();
    expect((await second.get('/api/account/profile')).status).toBe(401);
    const again = await server
      .client()
      .post('/api/auth/sign-in/email', { email: alice.user.email, password: alice.password });
    expect(again.status).toBe(401);
    const fresh = await server
      .client()
      .post('/api/auth/sign-up/email', { email: alice.user.email, password: 'nyttlösen1', name: 'Ny Alice' });
    expect(fresh.status).toBe(200);
  });

  it('answers UNAUTHENTICATED without a session and deletes nothing', async () => {
    const res = await server.client().delete('/api/account');
    expect([res.status, res.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});
