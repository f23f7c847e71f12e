import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGroup, insertMember, insertExpense } from '../../testing/factories.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

describe('statistics', () => {
  it('shows nothing for a new user', async () => {
    const { client } = await server.signUp();
    const res = await client.get('/api/statistics');
    expect([res.status, res.body]).toEqual([200, { currencies: [] }]);
  });

  it("sums the user's shares and payments per month, category and group, one block per group currency", async () => {
    const db = server.database.db;
    const anna = await server.signUp({ name: 'Anna' });
    const bo = await server.signUp({ name: 'Bo' });
    const home = await insertGroup(db, { ownerId: anna.user.id, name: 'Hemma' });
    const boHome = await insertMember(db, { groupId: home.group.id, userId: bo.user.id });
    await insertExpense(db, {
      groupId: home.group.id,
      payerMemberId: home.owner.id,
      totalOre: 20_000,
      expenseDate: '2026-09-03',
      category: 'mat',
      shares: [
        { memberId: home.owner.id, shareOre: 10_000 },
        { memberId: boHome.id, shareOre: 10_000 },
      ],
    });
    await insertExpense(db, {
      groupId: home.group.id,
      payerMemberId: boHome.id,
      totalOre: 6_000,
      expenseDate: '2026-11-20',
      category: 'nöje',
      shares: [
        { memberId: home.owner.id, shareOre: 3_000 },
        { memberId: boHome.id, shareOre: 3_000 },
      ],
    });
    await insertExpense(db, {
      groupId: home.group.id,
      payerMemberId: boHome.id,
      totalOre: 9_900,
      expenseDate: '2026-11-21',
      category: 'logi',
      shares: [{ memberId: boHome.id, shareOre: 9_900 }],
    });
    const trip = await insertGroup(db, { ownerId: bo.user.id, name: 'Berlin', currency: 'EUR' });
    const annaTrip = await insertMember(db, { groupId: trip.group.id, userId: anna.user.id });
    await insertExpense(db, {
      groupId: trip.group.id,
      payerMemberId: annaTrip.id,
      currency: 'EUR',
      totalOre: 4_000,
      expenseDate: '2026-10-10',
      category: 'transport',
      shares: [
        { memberId: annaTrip.id, shareOre: 2_000 },
        { memberId: trip.owner.id, shareOre: 2_000 },
      ],
    });

    const { body } = await anna.client.get('/api/statistics');
    expect(body.currencies.map((c: { currency: string }) => c.currency)).toEqual(['SEK', 'EUR']);
    const [sek, eur] = body.currencies;
    expect(sek).toMatchObject({ spentOre: 13_000, paidOre: 20_000, expenseCount: 2 });
    expect(sek.months).toEqual([
      { month: '2026-09', spentOre: 10_000, paidOre: 20_000 },
      { month: '2026-10', spentOre: 0, paidOre: 0 },
      { month: '2026-11', spentOre: 3_000, paidOre: 0 },
    ]);
    expect(sek.categories).toEqual([
      { category: 'mat', spentOre: 10_000, paidOre: 20_000 },
      { category: 'nöje', spentOre: 3_000, paidOre: 0 },
    ]);
    expect(sek.groups).toEqual([{ groupId: home.group.id, name: 'Hemma', spentOre: 13_000, paidOre: 20_000 }]);
    expect(eur).toMatchObject({
      currency: 'EUR',
      spentOre: 2_000,
      paidOre: 4_000,
      groups: [{ name: 'Berlin', spentOre: 2_000, paidOre: 4_000, groupId: trip.group.id }],
    });
  });

  it('does not count a group the user has left', async () => {
    const db = server.database.db;
    const anna = await server.signUp();
    const other = await server.signUp();
    const group = await insertGroup(db, { ownerId: other.user.id });
    const left = await insertMember(db, { groupId: group.group.id, userId: anna.user.id });
    await insertExpense(db, {
      groupId: group.group.id,
      payerMemberId: left.id,
      totalOre: 1_000,
      shares: [{ memberId: left.id, shareOre: 1_000 }],
    });
    expect((await anna.client.get('/api/statistics')).body.currencies).toHaveLength(1);
    await db.execute(`update group_members set removed_at = now() where id = '${left.id}'`);
    expect((await anna.client.get('/api/statistics')).body.currencies).toEqual([]);
  });

  it('is only for signed-in users', async () => {
    expect((await server.client().get('/api/statistics')).status).toBe(401);
  });
});
