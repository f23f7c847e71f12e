import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedWebhookEvents, profiles } from '../../db/schema/index.ts';
import { insertGroup, insertMember } from '../../testing/factories.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';
import { startFakeStripe } from '../../testing/stripe-server.ts';

const SECRET = 'whsec_kvitt_test_secret';
let stripeServer: Awaited<ReturnType<typeof startFakeStripe>>;
let server: TestServer;
let unconfigured: TestServer;
const stripe = new Stripe('sk_test_kvitt');

beforeAll(async () => {
  stripeServer = await startFakeStripe();
  server = await createTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_kvitt',
      STRIPE_PRICE_MONTHLY: 'price_month',
      STRIPE_PRICE_YEARLY: 'price_year',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stripeServer.url,
    },
  });
  unconfigured = await createTestServer();
});
afterAll(async () => {
  await server?.close();
  await unconfigured?.close();
  await stripeServer?.close();
});

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${Date.now()}_${eventCounter++}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: null,
  });
}

/** Posts a webhook as Stripe does: raw JSON, signed with the shared secret, no Origin header. */
async function deliver(
  payload: string,
  signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
) {
  const response = await server.fetch(
    new Request('http://kvitt.test/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { received?: boolean; duplicate?: boolean; error?: { code: string } },
  };
}

const planOf = async (userId: string) =>
  (await server.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
const completed = (userId: string, customer: string) =>
  event('checkout.session.completed', {
    id: 'cs_1',
    object: 'checkout.session',
    client_reference_id: userId,
    customer,
    status: 'complete',
    payment_status: 'paid',
    mode: 'subscription',
  });

describe('checkout', () => {
  it('creates a Stripe Checkout session for the chosen price with the user as reference and returns its url', async () => {
    const { client, user } = await server.signUp();
    const res = await client.post('/api/billing/checkout', { interval: 'year' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const call = stripeServer.calls.at(-1);
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.authorization).toBe('Bearer sk_test_kvitt');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_year',
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      customer_email: user.email,
      success_url: 'http://kvitt.test/app?premium=tack',
    });
    await client.post('/api/billing/checkout', { interval: 'month' });
    expect(stripeServer.calls.at(-1)?.form.get('line_items[0][price]')).toBe('price_month');
  });

  it('answers CHECKOUT_FAILED when Stripe refuses, and when Stripe is not configured at all', async () => {
    const { client } = await server.signUp();
    stripeServer.failNextWith(400, 'invalid_request_error', 'No such price');
    const refused = await client.post('/api/billing/checkout', { interval: 'month' });
    expect([refused.status, refused.body.error.code]).toEqual([503, 'CHECKOUT_FAILED']);
    const { client: other } = await unconfigured.signUp();
    const off = await other.post('/api/billing/checkout', { interval: 'month' });
    expect([off.status, off.body.error.code]).toEqual([503, 'CHECKOUT_FAILED']);
  });

  it('refuses a signed-out caller, an unknown interval and a user who already has Premium', async () => {
    expect((await server.client().post('/api/billing/checkout', { interval: 'month' })).status).toBe(401);
    const { client, user } = await server.signUp();
    expect((await client.post('/api/billing/checkout', { interval: 'week' })).body.error.code).toBe('VALIDATION');
    await deliver(completed(user.id, 'cus_already'));
    const again = await client.post('/api/billing/checkout', { interval: 'month' });
    expect([again.status, again.body.error.code]).toEqual([409, 'ALREADY_PREMIUM']);
  });
});

describe('webhook', () => {
  it('switches the user to Premium on a completed checkout signed with the webhook secret', async () => {
    const { user } = await server.signUp();
    expect((await planOf(user.id))?.plan).toBe('plus');
    const res = await deliver(completed(user.id, 'cus_premium'));
    expect(res).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await planOf(user.id)).toMatchObject({ plan: 'pro', stripeCustomerId: 'cus_premium' });
  });

  it('refuses a wrong signature, a tampered body and a missing signature, changing nothing', async () => {
    const { user } = await server.signUp();
    const payload = completed(user.id, 'cus_forged');
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect((await deliver(payload, wrongSecret)).body.error?.code).toBe('INVALID_SIGNATURE');
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await deliver(payload.replace('"complete"', '"complete" '), signed)).status).toBe(400);
    expect((await deliver(payload, '')).status).toBe(400);
    expect((await planOf(user.id))?.plan).toBe('plus');
  });

  it('applies each event once: a redelivered upgrade after a cancellation does not make the user Premium again', async () => {
    const { user } = await server.signUp();
    const upgrade = completed(user.id, `cus_${user.id.slice(0, 8)}`);
    await deliver(upgrade);
    await deliver(
      event('customer.subscription.deleted', {
        id: 'sub_1',
        object: 'subscription',
        customer: `cus_${user.id.slice(0, 8)}`,
        status: 'canceled',
        items: { data: [] },
      }),
    );
    expect((await planOf(user.id))?.plan).toBe('plus');
    const again = await deliver(upgrade);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect((await planOf(user.id))?.plan).toBe('plus');
    const id = (JSON.parse(upgrade) as { id: string }).id;
    expect(
      await server.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id)),
    ).toHaveLength(1);
  });

  it('is refused with SERVICE_UNAVAILABLE where no webhook secret is configured', async () => {
    const response = await unconfigured.fetch(
      new Request('http://kvitt.test/api/billing/webhook', { method: 'POST', body: '{}' }),
    );
    expect(response.status).toBe(503);
  });
});

describe('the plan limit', () => {
  it('lets a sixth person join a group once its owner has paid for Premium', async () => {
    const db = server.database.db;
    const { user: owner } = await server.signUp();
    const { group } = await insertGroup(db, { ownerId: owner.id });
    for (let i = 0; i < 4; i += 1)
      await insertMember(db, { groupId: group.id, userId: (await server.signUp()).user.id });
    const { client: sixth } = await server.signUp();
    const refused = await sixth.post('/api/groups/join', { code: group.inviteCode });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'GROUP_FULL']);
    await deliver(completed(owner.id, `cus_full_${owner.id.slice(0, 6)}`));
    expect((await sixth.post('/api/groups/join', { code: group.inviteCode })).status).toBe(200);
  });
});

describe('deleting a Premium account', () => {
  it('deletes the Stripe customer first, so the subscription stops with the account', async () => {
    const { client, user } = await server.signUp();
    await deliver(completed(user.id, 'cus_leaving'));
    const res = await client.delete('/api/account');
    expect(res.status).toBe(204);
    expect(
      stripeServer.calls.some((call) => call.method === 'DELETE' && call.path === '/v1/customers/cus_leaving'),
    ).toBe(true);
  });
});
