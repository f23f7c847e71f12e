import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frequency } from '#shared/domain/recurrence.ts';
import { groups, recurringExpenses } from '../../db/schema/index.ts';
import { createExchangeRates } from '../../lib/exchange-rates/exchange-rates.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';
import type { Person } from '../../testing/expense-suite.ts';
import type { TestServer } from '../../testing/harness.ts';
import { createRecurringRunner } from './recurring-runner.ts';

let server: TestServer;
const clock = { today: '2026-01-31' };
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  server = await startServer({}, { today: () => clock.today });
});
afterAll(async () => {
  await server.close();
});
// Each test's passes count only its own series: those of earlier tests are put to rest.
afterEach(async () => {
  await server.database.db.update(recurringExpenses).set({ nextDate: null });
});

/** One pass of the runner the server schedules, on this server's database, at the test's date. */
function runner() {
  const db = server.database.db;
  const rates = createExchangeRates({ db, url: server.env.ECB_RATES_URL, logger });
  return createRecurringRunner({ db, storage: server.storage, rates, logger, today: () => clock.today });
}
const pass = (on: string) => {
  clock.today = on;
  return runner().runDue();
};

async function startSeries(
  payer: Person,
  participants: Person[],
  groupId: string,
  repeat: { frequency: Frequency; endDate?: string | null; start: string; totalOre?: number },
) {
  const body = {
    ...expenseBody(payer, participants, { expenseDate: repeat.start, totalOre: repeat.totalOre ?? 30_000, merchant: 'Hyresvärden' }),
    repeat: { frequency: repeat.frequency, endDate: repeat.endDate ?? null },
  };
  const response = await payer.client.post(`/api/groups/${groupId}/recurring-expenses`, body);
  expect(response.status).toBe(201);
  return { body, series: response.body.series, expenseId: response.body.expenseId as string };
}

async function expensesOf(person: Person, groupId: string) {
  const response = await person.client.get(`/api/groups/${groupId}/expenses?limit=200`);
  return (response.body.expenses as Array<{ id: string; expenseDate: string; totalOre: number; participantCount: number }>)
    .slice()
    .sort((a, b) => a.expenseDate.localeCompare(b.expenseDate));
}

describe('a recurring expense', () => {
  it('saves the first expense at once and each next one on its date, once, a month after the 31st on the last day', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    clock.today = '2026-01-31';
    const { series, expenseId } = await startSeries(anna, [anna, bo], group.id, { frequency: 'monthly', start: '2026-01-31' });
    expect(series).toMatchObject({ status: 'active', nextDate: '2026-02-28', expenseIds: [expenseId], canChange: true, canEnd: true });

    expect(await pass('2026-02-27')).toBe(0);
    expect(await pass('2026-02-28')).toBe(1);
    expect(await pass('2026-02-28')).toBe(0);
    // A server down for two months creates both missed occurrences when it is back.
    expect(await pass('2026-05-01')).toBe(2);
    expect((await expensesOf(bo, group.id)).map((e) => e.expenseDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    const listed = await bo.client.get(`/api/groups/${group.id}/recurring-expenses`);
    expect(listed.body.series).toHaveLength(1);
    expect(listed.body.series[0]).toMatchObject({ nextDate: '2026-05-31', payerName: 'Anna', canChange: false, canEnd: false });
    expect(listed.body.series[0].expenseIds).toHaveLength(4);
  });

  it('repeats weekly until its end date and yearly from 29 February on the 28th', async () => {
    const { group, people } = await groupOf(server, ['Cia']);
    const [cia] = people as [Person];
    clock.today = '2026-03-02';
    const weekly = await startSeries(cia, [cia], group.id, { frequency: 'weekly', start: '2026-03-02', endDate: '2026-03-20' });
    clock.today = '2028-02-29';
    await startSeries(cia, [cia], group.id, { frequency: 'yearly', start: '2028-02-29' });
    expect(await pass('2031-03-01')).toBe(2 + 3);
    const dates = (await expensesOf(cia, group.id)).map((e) => e.expenseDate);
    expect(dates).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28']);
    const ended = await cia.client.get(`/api/recurring-expenses/${weekly.series.id}`);
    expect(ended.body.series).toMatchObject({ status: 'finished', nextDate: null, canEnd: false });
  });

  it('started in the past creates the occurrences already due at once', async () => {
    const { group, people } = await groupOf(server, ['Dan']);
    const [dan] = people as [Person];
    clock.today = '2026-04-10';
    const { series } = await startSeries(dan, [dan], group.id, { frequency: 'monthly', start: '2026-01-15' });
    expect(series.expenseIds).toHaveLength(3);
    expect(series.nextDate).toBe('2026-04-15');
  });

  it('is saved once when the same body is sent twice, and a body with the id of a plain expense is refused', async () => {
    const { group, people } = await groupOf(server, ['Eva']);
    const [eva] = people as [Person];
    clock.today = '2026-06-01';
    const { body, series } = await startSeries(eva, [eva], group.id, { frequency: 'weekly', start: '2026-06-01' });
    const again = await eva.client.post(`/api/groups/${group.id}/recurring-expenses`, body);
    expect([again.status, again.body.series.id]).toEqual([201, series.id]);
    expect((await eva.client.get(`/api/groups/${group.id}/recurring-expenses`)).body.series).toHaveLength(1);

    const plain = expenseBody(eva, [eva]);
    await eva.client.post(`/api/groups/${group.id}/expenses`, plain);
    const clash = await eva.client.post(`/api/groups/${group.id}/recurring-expenses`, { ...plain, repeat: { frequency: 'weekly', endDate: null } });
    expect([clash.status, clash.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it('refuses an end date before the first date', async () => {
    const { group, people } = await groupOf(server, ['Fia']);
    const [fia] = people as [Person];
    const body = { ...expenseBody(fia, [fia], { expenseDate: '2026-06-10' }), repeat: { frequency: 'monthly', endDate: '2026-06-09' } };
    const response = await fia.client.post(`/api/groups/${group.id}/recurring-expenses`, body);
    expect([response.status, response.body.error.fields]).toEqual([400, { 'repeat.endDate': 'endBeforeStart' }]);
  });

  it('changed by its payer applies from the next occurrence on; others may not change it', async () => {
    const { group, people } = await groupOf(server, ['Gun', 'Hans', 'Ida']);
    const [gun, hans, ida] = people as [Person, Person, Person];
    clock.today = '2026-02-01';
    const { body, series } = await startSeries(gun, [gun, hans, ida], group.id, { frequency: 'monthly', start: '2026-02-01' });
    const { id: _id, expenseDate: _date, imageId: _image, repeat: _repeat, ...template } = body;
    const change = { ...template, totalOre: 45_000, split: { method: 'equal', participants: [{ memberId: gun.memberId }, { memberId: hans.memberId }] }, endDate: null };
    const refused = await hans.client.patch(`/api/recurring-expenses/${series.id}`, change);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_PAYER']);
    const changed = await gun.client.patch(`/api/recurring-expenses/${series.id}`, change);
    expect(changed.status).toBe(200);
    expect(changed.body.series).toMatchObject({ totalOre: 45_000, nextDate: '2026-03-01' });

    expect(await pass('2026-03-01')).toBe(1);
    expect((await expensesOf(gun, group.id)).map((e) => [e.expenseDate, e.totalOre, e.participantCount])).toEqual([
      ['2026-02-01', 30_000, 3],
      ['2026-03-01', 45_000, 2],
    ]);
    // An end date before the next occurrence finishes the series.
    const ending = await gun.client.patch(`/api/recurring-expenses/${series.id}`, { ...change, endDate: '2026-03-15' });
    expect(ending.body.series).toMatchObject({ status: 'finished', nextDate: null });
    expect(await pass('2026-06-01')).toBe(0);
  });

  it('ended by its payer or creator makes no more expenses and keeps those made; others may not end it', async () => {
    const { group, people } = await groupOf(server, ['Jon', 'Kim']);
    const [jon, kim] = people as [Person, Person];
    clock.today = '2026-07-01';
    const { series } = await startSeries(jon, [jon, kim], group.id, { frequency: 'weekly', start: '2026-07-01' });
    const refused = await kim.client.post(`/api/recurring-expenses/${series.id}/end`);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_PAYER']);
    const ended = await jon.client.post(`/api/recurring-expenses/${series.id}/end`);
    expect(ended.body.series).toMatchObject({ status: 'ended', nextDate: null, canEnd: false, canChange: false });
    expect(await pass('2026-08-01')).toBe(0);
    expect(await expensesOf(kim, group.id)).toHaveLength(1);
  });

  it('skips the dates that pass while its group is settled and goes on once the group is reopened', async () => {
    const { group, people } = await groupOf(server, ['Lea']);
    const [lea] = people as [Person];
    clock.today = '2026-09-01';
    const { series } = await startSeries(lea, [lea], group.id, { frequency: 'monthly', start: '2026-09-01' });
    const db = server.database.db;
    await db.update(groups).set({ isSettled: true }).where(eq(groups.id, group.id));
    expect(await pass('2026-10-05')).toBe(0);
    const skipped = (await lea.client.get(`/api/recurring-expenses/${series.id}`)).body.series;
    expect(skipped).toMatchObject({ status: 'active', nextDate: '2026-11-01', lastSkipped: { date: '2026-10-01', reason: 'GROUP_SETTLED' } });
    await db.update(groups).set({ isSettled: false }).where(eq(groups.id, group.id));
    expect(await pass('2026-11-01')).toBe(1);
    expect((await expensesOf(lea, group.id)).map((e) => e.expenseDate)).toEqual(['2026-09-01', '2026-11-01']);
  });

  it('stops when its payer has left the group', async () => {
    const { group, people } = await groupOf(server, ['Mia', 'Nils']);
    const [mia, nils] = people as [Person, Person];
    clock.today = '2026-03-01';
    const { series } = await startSeries(nils, [mia, nils], group.id, { frequency: 'monthly', start: '2026-03-01' });
    const removed = await mia.client.delete(`/api/groups/${group.id}/members/${nils.memberId}`);
    expect(removed.status).toBeLessThan(300);
    expect(await pass('2026-04-01')).toBe(0);
    const stopped = (await mia.client.get(`/api/recurring-expenses/${series.id}`)).body.series;
    expect(stopped).toMatchObject({ status: 'stopped', nextDate: null, lastSkipped: { date: '2026-04-01', reason: 'NOT_FOUND' } });
  });

  it('is created once per date when two runners race over many due occurrences', async () => {
    const { group, people } = await groupOf(server, ['Olle']);
    const [olle] = people as [Person];
    clock.today = '2026-01-05';
    await startSeries(olle, [olle], group.id, { frequency: 'weekly', start: '2026-01-05' });
    await startSeries(olle, [olle], group.id, { frequency: 'weekly', start: '2026-01-05' });
    clock.today = '2026-06-01';
    const [first, second] = await Promise.all([runner().runDue(), runner().runDue()]);
    // 21 more Mondays from 12 January to 25 May, for each of the two series.
    expect(first + second).toBe(2 * 21);
    const dates = (await expensesOf(olle, group.id)).map((e) => e.expenseDate);
    expect(dates).toHaveLength(2 * 22);
    expect(new Set(dates).size).toBe(22);
  });

  it('is in the export of whoever started it and goes with their account, the expenses it made staying', async () => {
    const { group, people } = await groupOf(server, ['Per', 'Rut']);
    const [per, rut] = people as [Person, Person];
    clock.today = '2026-05-01';
    const { series, expenseId } = await startSeries(rut, [per, rut], group.id, { frequency: 'monthly', start: '2026-05-01' });
    const exported = await rut.client.get('/api/account/export');
    expect(exported.body.recurringExpenses).toHaveLength(1);
    expect(exported.body.recurringExpenses[0]).toMatchObject({ id: series.id, occurrences: [{ expenseId }] });

    expect((await rut.client.delete('/api/account')).status).toBeLessThan(300);
    expect((await per.client.get(`/api/groups/${group.id}/recurring-expenses`)).body.series).toEqual([]);
    expect((await expensesOf(per, group.id)).map((e) => e.id)).toEqual([expenseId]);
  });
});
