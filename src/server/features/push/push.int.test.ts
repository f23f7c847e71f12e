import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementResponse } from '#shared/api/settlement.ts';
import { pushSubscriptions, rateLimits } from '../../db/schema/index.ts';
import { expenseBody } from '../../testing/expense-suite.ts';
import type { TestServer } from '../../testing/harness.ts';
import { startPushService } from '../../testing/push-service.ts';
import type { TestDevice, TestPushService } from '../../testing/push-service.ts';
import { groupOf, owe, startServer } from '../../testing/settlement-suite.ts';
import type { Person } from '../../testing/settlement-suite.ts';

let pushService: TestPushService;
let server: TestServer;
beforeAll(async () => {
  pushService = await startPushService();
  server = await startServer({}, { pushAgent: pushService.agent });
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const db = () => server.database.db;
const endpointsOf = async (userId: string) =>
  (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((r) => r.endpoint);

/** A new device of `person` that has opted in through the API, as the settings card does. */
async function optIn(person: Person): Promise<TestDevice> {
  const device = pushService.device();
  const saved = await person.client.put('/api/push/subscription', device.subscription);
  expect([saved.status, saved.body]).toEqual([200, { endpoint: device.subscription.endpoint }]);
  return device;
}

const bodies = (device: TestDevice) => device.received.map((r) => r.message.body);

async function threeWithDevices() {
  const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }, { name: 'Cia' }]);
  const [anna, bo, cia] = persons as [Person, Person, Person];
  return { group, anna, bo, cia, devices: { anna: await optIn(anna), bo: await optIn(bo), cia: await optIn(cia) } };
}

describe('push messages', () => {
  it('tells every other member about a new expense, encrypted for each device and signed with the server key', async () => {
    const { group, anna, bo, cia, devices } = await threeWithDevices();
    const created = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, [anna, bo, cia], { merchant: 'ICA Maxi', totalOre: 34_950 }),
    );
    expect(created.status).toBe(201);
    await server.pushIdle();

    const text = 'Anna lade till ICA Maxi (349,50\u00a0kr) i Fjällresa';
    expect(bodies(devices.bo)).toEqual([text]);
    expect(bodies(devices.cia)).toEqual([text]);
    expect(bodies(devices.anna)).toEqual([]);
    const [received] = devices.bo.received;
    expect(received?.message).toEqual({
      title: 'Fjällresa',
      body: text,
      url: `/app/group/${group.id}`,
      tag: `expense-${created.body.expense.id}`,
    });
    expect(received?.ttl).toBe(86_400);
    const { body } = await bo.client.get('/api/push/public-key');
    expect(received?.vapidKey).toBe(body.publicKey);
    expect(pushService.failures).toEqual([]);
  });

  it('names the category when the expense has no merchant', async () => {
    const { group, anna, bo, devices } = await threeWithDevices();
    const body = expenseBody(anna, [anna, bo], { merchant: null, category: 'Transport', totalOre: 12_000 });
    expect((await anna.client.post(`/api/groups/${group.id}/expenses`, body)).status).toBe(201);
    await server.pushIdle();
    expect(bodies(devices.bo)).toEqual(['Anna lade till Transport (120\u00a0kr) i Fjällresa']);
  });

  it('tells the recipient once when the payer marks a transfer paid', async () => {
    const { group, anna, bo, devices } = await threeWithDevices();
    await owe(server, group.id, anna, bo, 12_000);
    const body = { fromMemberId: bo.memberId, toMemberId: anna.memberId, amountOre: 12_000 };
    expect((await bo.client.post(`/api/groups/${group.id}/settlements`, body)).body.created).toBe(true);
    expect((await bo.client.post(`/api/groups/${group.id}/settlements`, body)).body.created).toBe(false);
    await server.pushIdle();
    expect(bodies(devices.anna)).toEqual(['Bo markerade 120\u00a0kr som betalt']);
    expect(devices.anna.received[0]?.message.title).toBe('Fjällresa');
    expect(bodies(devices.bo)).toEqual([]);
    expect(bodies(devices.cia)).toEqual([]);
  });

  it('answers the request without waiting for a slow push service', async () => {
    const { group, anna, bo, devices } = await threeWithDevices();
    devices.bo.delay(3000);
    const started = performance.now();
    const created = await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, [anna, bo]));
    const answeredMs = performance.now() - started;
    expect(created.status).toBe(201);
    expect(answeredMs).toBeLessThan(2000);
    expect(devices.bo.received).toEqual([]);
    await server.pushIdle();
    expect(bodies(devices.bo)).toHaveLength(1);
  });

  it('answers the request at once while the push service fails, and keeps the subscription', async () => {
    const { group, anna, bo, devices } = await threeWithDevices();
    devices.bo.answer(500);
    const created = await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, [anna, bo]));
    expect(created.status).toBe(201);
    await server.pushIdle();
    expect(bodies(devices.bo)).toEqual([]);
    expect(await endpointsOf(bo.userId)).toEqual([devices.bo.subscription.endpoint]);
  });
});

describe('reminders', () => {
  it('lets only the recipient remind, sends the payer the Swedish text, and refuses a second within a day', async () => {
    const { group, anna, bo, cia, devices } = await threeWithDevices();
    await owe(server, group.id, anna, bo, 12_000);
    const plan = (person: Person) => person.client.get<SettlementResponse>(`/api/groups/${group.id}/settlement`);
    expect((await plan(anna)).body.transfers.map((t) => t.canRemind)).toEqual([true]);
    expect((await plan(bo)).body.transfers.map((t) => t.canRemind)).toEqual([false]);
    expect((await plan(cia)).body.transfers.map((t) => t.canRemind)).toEqual([false]);

    const url = `/api/groups/${group.id}/reminders`;
    const transfer = { fromMemberId: bo.memberId, toMemberId: anna.memberId };
    for (const other of [bo, cia]) {
      const refused = await other.client.post(url, transfer);
      expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_TRANSFER_RECIPIENT']);
    }
    const unknown = await anna.client.post(url, { fromMemberId: cia.memberId, toMemberId: anna.memberId });
    expect([unknown.status, unknown.body.error.code]).toEqual([409, 'TRANSFER_NOT_PROPOSED']);

    const before = Date.now();
    const sent = await anna.client.post(url, transfer);
    expect(sent.status).toBe(200);
    const next = Date.parse(sent.body.nextReminderAt) - before;
    expect(next).toBeGreaterThan(23.9 * 3600_000);
    expect(next).toBeLessThanOrEqual(24 * 3600_000 + 2000);
    const again = await anna.client.post(url, transfer);
    expect([again.status, again.body.error.code]).toEqual([429, 'REMINDER_ALREADY_SENT']);
    await server.pushIdle();
    expect(bodies(devices.bo)).toEqual(['Anna påminner dig om att betala 120\u00a0kr i Fjällresa']);
    expect(bodies(devices.cia)).toEqual([]);

    // The count lives in the database, so a restarted or second server process refuses as well, until a day has passed.
    const key = `payment-reminder:${bo.memberId}:${anna.memberId}`;
    const [row] = await db().select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row?.count).toBe(2);
    await db()
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 24 * 3600_000 - 1000) })
      .where(eq(rateLimits.key, key));
    expect((await anna.client.post(url, transfer)).status).toBe(200);
    await server.pushIdle();
    expect(bodies(devices.bo)).toHaveLength(2);
  });
});

describe('subscriptions', () => {
  it('removes a subscription the push service calls gone (410 and 404) and keeps delivering to the others', async () => {
    const { group, persons } = await groupOf(server, [
      { name: 'Anna' },
      { name: 'Bo' },
      { name: 'Cia' },
      { name: 'Dan' },
    ]);
    const [anna, bo, cia, dan] = persons as [Person, Person, Person, Person];
    const gone = await optIn(bo);
    const missing = await optIn(cia);
    const working = await optIn(dan);
    gone.answer(410);
    missing.answer(404);
    await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, [anna, bo, cia, dan]));
    await server.pushIdle();
    expect(await endpointsOf(bo.userId)).toEqual([]);
    expect(await endpointsOf(cia.userId)).toEqual([]);
    expect(await endpointsOf(dan.userId)).toEqual([working.subscription.endpoint]);
    expect(bodies(working)).toHaveLength(1);
  });

  it('belongs to the session: read and removed through it, gone at sign-out, all gone with the account', async () => {
    const { anna } = await threeWithDevices();
    const phone = await optIn(anna);
    expect((await anna.client.get('/api/push/subscription')).body).toEqual({ endpoint: phone.subscription.endpoint });
    // The same person on a second device: its own session, its own subscription.
    const other = server.client();
    const email = (await anna.client.get('/api/account/profile')).body.email as string;
    expect((await other.post('/api/auth/sign-in/email', { email, password: 'hemligt123' })).status).toBe(200);
    expect((await other.get('/api/push/subscription')).body).toEqual({ endpoint: null });
    const laptop = pushService.device();
    await other.put('/api/push/subscription', laptop.subscription);
    expect((await endpointsOf(anna.userId)).sort()).toEqual(
      [phone.subscription.endpoint, laptop.subscription.endpoint].sort(),
    );

    expect((await anna.client.delete('/api/push/subscription')).status).toBe(204);
    expect(await endpointsOf(anna.userId)).toEqual([laptop.subscription.endpoint]);
    await anna.client.put('/api/push/subscription', phone.subscription);
    expect((await anna.client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await endpointsOf(anna.userId)).toEqual([laptop.subscription.endpoint]);

    expect((await other.delete('/api/account')).status).toBe(204);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, anna.userId))).toEqual([]);
  });

  it('keeps one subscription per session and moves an endpoint to whoever subscribes with it last', async () => {
    const { anna, bo } = await threeWithDevices();
    const renewed = pushService.device();
    await anna.client.put('/api/push/subscription', renewed.subscription);
    expect(await endpointsOf(anna.userId)).toEqual([renewed.subscription.endpoint]);
    await bo.client.put('/api/push/subscription', renewed.subscription);
    expect(await endpointsOf(anna.userId)).toEqual([]);
    expect(await endpointsOf(bo.userId)).toEqual([renewed.subscription.endpoint]);
  });

  it('lists the devices in the data export, without their keys', async () => {
    const { anna, devices } = await threeWithDevices();
    const exported = await anna.client.get('/api/account/export');
    expect(exported.body.pushSubscriptions).toEqual([
      { endpoint: devices.anna.subscription.endpoint, createdAt: expect.any(String) },
    ]);
  });

  it('refuses what no browser sends and anyone signed out', async () => {
    const { anna } = await threeWithDevices();
    const { subscription } = pushService.device();
    const bad = [
      { ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') },
      { ...subscription, endpoint: 'javascript:alert(1)' },
      { ...subscription, keys: { ...subscription.keys, p256dh: subscription.keys.p256dh.slice(1) } },
      { ...subscription, keys: { ...subscription.keys, auth: `${subscription.keys.auth.slice(1)}+` } },
      { endpoint: subscription.endpoint },
    ];
    for (const body of bad) expect((await anna.client.put('/api/push/subscription', body)).status).toBe(400);
    const stranger = server.client();
    expect((await stranger.put('/api/push/subscription', subscription)).status).toBe(401);
    expect((await stranger.get('/api/push/public-key')).status).toBe(401);
    expect((await stranger.delete('/api/push/subscription')).status).toBe(401);
  });
});
