import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';
import { exportCoverage } from './export-repo.ts';
import { buildWorld } from '../../testing/account-world.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

describe('data export', () => {
  it('accounts for every table of the schema and of the migrated database, so a new table cannot be forgotten', async () => {
    const schemaTables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    const result = await server.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const databaseTables = (result as { rows: Array<{ table_name: string }> }).rows.map((row) => row.table_name).sort();
    const covered = Object.keys(exportCoverage).sort();
    expect(schemaTables).toEqual(covered);
    expect(databaseTables).toEqual(covered);
  });

  it('holds the account, profile, groups, memberships, expenses, shares, settlements, audit entries, invites and sign-ups', async () => {
    const world = await buildWorld(server, 'export');
    const { alice } = world;
    const res = await alice.client.get('/api/account/export');
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.account).toMatchObject({ id: alice.user.id, email: alice.user.email, name: alice.user.name });
    expect(data.profile).toMatchObject({
      phone: '0705551234',
      address: 'Aliceväg export',
      postalCode: '11122',
      city: 'Umeå',
      plan: 'plus',
    });
    expect(data.logins).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.groups.map((g: { name: string }) => g.name).sort()).toEqual([
      'Alices grupp export',
      'Bobs grupp export',
      'Cecilias grupp export',
    ]);
    expect(data.memberships).toHaveLength(3);
    expect(data.expensesPaid.map((r: { id: string }) => r.id).sort()).toEqual(
      [world.expenses.aExpense.id, world.expenses.alicePaid.id].sort(),
    );
    expect(data.expensesPaid.find((r: { id: string }) => r.id === world.expenses.alicePaid.id)).toMatchObject({
      note: 'Alices anteckning export',
      hasImage: true,
      currency: 'EUR',
    });
    expect(data.shares.map((s: { shareOre: number }) => s.shareOre).sort()).toEqual([10_000, 4_000, 5_000].sort());
    expect(data.settlements).toHaveLength(2);
    expect(data.auditEntries).toHaveLength(2);
    expect(data.invitesCreated).toHaveLength(1);
    expect(data.newsletterSubscriptions).toEqual([expect.objectContaining({ email: alice.user.email })]);
    expect(data.collaborationRequests).toEqual([expect.objectContaining({ email: alice.user.email })]);
  });

  it("leaves out secrets and other people: no password hash, session token, invite token or other member's name", async () => {
    const world = await buildWorld(server, 'secrets');
    const text = JSON.stringify((await world.alice.client.get('/api/account/export')).body);
    expect(text).not.toMatch(/password|"token"|\$scrypt|token-secrets/i);
    expect(text).not.toContain(world.bob.user.name);
    expect(text).not.toContain(world.cecilia.user.email);
    expect(text).not.toContain('imageKey');
  });

  it('hands out the group code only for the groups the user owns', async () => {
    const world = await buildWorld(server, 'codes');
    const { groups } = (await world.alice.client.get('/api/account/export')).body as {
      groups: Array<{ name: string; inviteCode?: string }>;
    };
    expect(groups.filter((g) => g.inviteCode).map((g) => g.name)).toEqual(['Alices grupp codes']);
  });

  it('gives a new user an export with their account and empty lists, and refuses anyone signed out', async () => {
    const { client } = await server.signUp();
    const { body } = await client.get('/api/account/export');
    expect(body).toMatchObject({ format: 'kvitt-export/1', groups: [], expensesPaid: [], shares: [], settlements: [] });
    expect((await server.client().get('/api/account/export')).status).toBe(401);
  });
});
