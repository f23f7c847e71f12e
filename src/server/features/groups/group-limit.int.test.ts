import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GROUPS_PER_USER } from '#shared/domain/limits.ts';
import { insertGroup } from '../../testing/factories.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => server?.close());

const refusal = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
let address = 0;
const joinByCode = (client: TestClient, code: string) =>
  client.request('POST', '/api/groups/join', { code }, { 'x-forwarded-for': `10.9.0.${(address += 1)}` });

/** Makes the user an active member of `count` groups of their own, in one statement (set-up only). */
async function memberOf(userId: string, count: number): Promise<void> {
  await server.database.db.execute(sql`
    with made as (
      insert into groups (name, owner_id, invite_code, currency)
      select 'Grupp ' || i, ${userId}, upper(substr(md5(random()::text || i), 1, 12)), 'SEK'
      from generate_series(1, ${count}::int) as i
      returning id)
    insert into group_members (group_id, user_id, role) select id, ${userId}, 'owner' from made`);
}

/** A group of someone else's, with a link and its code, that `userId` is not in. */
async function someoneElsesGroup() {
  const owner = await server.signUp({ name: 'Ägaren' });
  const { group } = await insertGroup(server.database.db, { ownerId: owner.user.id, name: 'Stugan' });
  const link = await owner.client.post(`/api/groups/${group.id}/invites`);
  expect(link.status).toBe(201);
  return { group, token: link.body.link.token as string };
}

describe('the number of groups a person is in', () => {
  it(`lets a person create or join up to ${MAX_GROUPS_PER_USER} groups and refuses the next with its own code`, async () => {
    const { client, user } = await server.signUp({ name: 'Flitig' });
    await memberOf(user.id, MAX_GROUPS_PER_USER - 2);
    const byCode = await someoneElsesGroup();
    expect((await joinByCode(client, byCode.group.inviteCode)).status).toBe(200);
    expect((await client.post('/api/groups', { name: 'Den sista' })).status).toBe(201);

    expect(refusal(await client.post('/api/groups', { name: 'En för mycket' }))).toEqual([409, 'GROUP_LIMIT_REACHED']);
    const other = await someoneElsesGroup();
    expect(refusal(await joinByCode(client, other.group.inviteCode))).toEqual([409, 'GROUP_LIMIT_REACHED']);
    expect(refusal(await client.post(`/api/invites/${other.token}/accept`))).toEqual([409, 'GROUP_LIMIT_REACHED']);
    // Already being in a group is no new place: that still answers as before.
    expect((await joinByCode(client, byCode.group.inviteCode)).body).toMatchObject({ alreadyMember: true });
    expect((await client.get('/api/groups')).body.groups).toHaveLength(MAX_GROUPS_PER_USER);

    // A group the person was removed from no longer counts.
    await server.database.db.execute(
      sql`update group_members set removed_at = now() where group_id = ${byCode.group.id} and user_id = ${user.id}`,
    );
    expect((await client.post(`/api/invites/${other.token}/accept`)).status).toBe(200);
  });

  it('gives the last place to exactly one of two groups created at the same moment', async () => {
    const { client, user } = await server.signUp({ name: 'Snabb' });
    await memberOf(user.id, MAX_GROUPS_PER_USER - 1);
    const race = await Promise.all([
      client.post('/api/groups', { name: 'A' }),
      client.post('/api/groups', { name: 'B' }),
    ]);
    expect(race.map(refusal).sort()).toEqual([
      [201, undefined],
      [409, 'GROUP_LIMIT_REACHED'],
    ]);
  });
});
