import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collaborationRequests, newsletterSubscriptions } from '../../db/schema/index.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';
import { siteRateRules } from './routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { SUPPORT_EMAIL: 'hjalp@kvitt.example' } });
});
afterAll(async () => server?.close());

const db = () => server.database.db;

describe('newsletter', () => {
  it('stores a sign-up once, trimmed and in lower case, and answers the same to a repeat', async () => {
    const client = server.client();
    expect((await client.post('/api/site/newsletter', { email: '  Nyfiken@Example.se ' })).body).toEqual({ ok: true });
    expect((await client.post('/api/site/newsletter', { email: 'nyfiken@example.se' })).status).toBe(200);
    expect(
      await db().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'nyfiken@example.se')),
    ).toHaveLength(1);
  });

  it('refuses a missing or malformed address with the validation keys and stores nothing', async () => {
    const client = server.client();
    expect((await client.post('/api/site/newsletter', { email: '' })).body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { email: 'emailRequired' },
    });
    expect((await client.post('/api/site/newsletter', { email: 'inte-en-adress' })).body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { email: 'emailInvalid' },
    });
    expect(
      await db().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'inte-en-adress')),
    ).toEqual([]);
  });

  it('limits how often one address can be signed up, with Retry-After', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i <= siteRateRules.perEmail.limit; i += 1)
      statuses.push((await client.post('/api/site/newsletter', { email: 'ivrig@example.se' })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const limited = await client.post('/api/site/newsletter', { email: 'IVRIG@example.se' });
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('collaboration requests', () => {
  it('stores one request per address however often it is sent', async () => {
    const client = server.client();
    for (let i = 0; i < 3; i += 1)
      expect((await client.post('/api/site/collaboration', { email: 'partner@foretag.se' })).status).toBe(200);
    expect(
      await db().select().from(collaborationRequests).where(eq(collaborationRequests.email, 'partner@foretag.se')),
    ).toHaveLength(1);
  });

  it('refuses a malformed address', async () => {
    const res = await server.client().post('/api/site/collaboration', { email: 'partner@' });
    expect([res.status, res.body.error.fields]).toEqual([400, { email: 'emailInvalid' }]);
  });
});

describe('public configuration', () => {
  it('tells the public pages the support address and that Premium cannot be bought without Stripe', async () => {
    const res = await server.client().get('/api/site/config');
    expect(res.body).toEqual({ supportEmail: 'hjalp@kvitt.example', checkoutEnabled: false });
  });

  it('is in the OpenAPI document with the other public calls', async () => {
    const { body } = await server.client().get('/api/openapi.json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/site/config',
        '/api/site/newsletter',
        '/api/site/collaboration',
        '/api/billing/checkout',
        '/api/billing/webhook',
        '/api/account/profile',
        '/api/account/export',
        '/api/account',
        '/api/statistics',
      ]),
    );
  });
});
