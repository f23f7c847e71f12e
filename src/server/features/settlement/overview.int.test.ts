import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewResponse } from '#shared/api/overview.ts';
import { groupMembers } from '../../db/schema/index.ts';
import { insertGroup, insertMember } from '../../testing/factories.ts';
import type { TestServer } from '../../testing/harness.ts';
import { groupOf, owe, startServer, type Person } from '../../testing/settlement-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

/** Another group of `owner` with `others` in it, each as a Person of that group. */
async function alsoIn(name: string, owner: Person, others: Person[], currency: 'SEK' | 'EUR' = 'SEK') {
  const db = server.database.db;
  const { group, owner: member } = await insertGroup(db, { ownerId: owner.userId, name, currency });
  const people = [{ ...owner, memberId: member.id }];
  for (const person of others)
    people.push({ ...person, memberId: (await insertMember(db, { groupId: group.id, userId: person.userId })).id });
  return { group, people };
}

describe('GET /api/overview', () => {
  it('adds up what the caller owes and is owed per currency and lists the groups to act on first', async () => {
    const trip = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }, { name: 'Cia' }], { groupName: 'Fjällresa' });
    const [anna, bo, cia] = trip.persons as [Person, Person, Person];
    await owe(server, trip.group.id, bo, anna, 35_000);
    const home = await alsoIn('Hushållet', anna, [cia]);
    await owe(server, home.group.id, home.people[0]!, home.people[1]!, 12_050);
    const paris = await alsoIn('Paris', anna, [bo], 'EUR');
    await owe(server, paris.group.id, paris.people[0]!, paris.people[1]!, 4_200);
    await alsoIn('Bokcirkeln', anna, [bo]);
    const left = await alsoIn('Gamla jobbet', anna, [cia]);
    await owe(server, left.group.id, left.people[1]!, left.people[0]!, 99_900);
    await server.database.db
      .update(groupMembers)
      .set({ removedAt: new Date() })
      .where(eq(groupMembers.id, left.people[0]!.memberId));

    const overview = await anna.client.get<OverviewResponse>('/api/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.totals).toEqual([
      { currency: 'EUR', owedToMeOre: 4_200, iOweOre: 0 },
      { currency: 'SEK', owedToMeOre: 12_050, iOweOre: 35_000 },
    ]);
    expect(overview.body.groups.map((g) => [g.name, g.currency, g.balanceOre])).toEqual([
      ['Fjällresa', 'SEK', -35_000],
      ['Hushållet', 'SEK', 12_050],
      ['Paris', 'EUR', 4_200],
    ]);

    // Each person sees only their own groups and their own side of them.
    const seenByBo = await bo.client.get<OverviewResponse>('/api/overview');
    expect(seenByBo.body.groups.map((g) => [g.name, g.balanceOre])).toEqual([
      ['Paris', -4_200],
      ['Fjällresa', 35_000],
    ]);

    // A new expense shows at once: the cached balances follow the ledger version.
    await owe(server, trip.group.id, anna, bo, 35_000);
    const after = await anna.client.get<OverviewResponse>('/api/overview');
    expect(after.body.groups.map((g) => g.name)).toEqual(['Hushållet', 'Paris']);
    expect(after.body.totals.find((t) => t.currency === 'SEK')).toEqual({
      currency: 'SEK',
      owedToMeOre: 12_050,
      iOweOre: 0,
    });
  });

  it('is empty for someone without groups and refused without a session', async () => {
    const newcomer = await server.signUp({ name: 'Ny' });
    expect((await newcomer.client.get<OverviewResponse>('/api/overview')).body).toEqual({ totals: [], groups: [] });
    expect((await server.client().get('/api/overview')).status).toBe(401);
  });
});
