import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestServer, eventually } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';

type RequestBody = NonNullable<RequestInit['body']>;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    env: { TRUST_PROXY: 'true' },
    authRateRules: {
      signIn: { limit: 5, windowMs: 60_000 },
      signUp: { limit: 1000, windowMs: 60_000 },
      reset: { limit: 5, windowMs: 60_000 },
      resetPerAddress: { limit: 3, windowMs: 60_000 },
    },
  });
});
afterAll(async () => server?.close());

/** A POST from the address `from` (behind the trusted proxy) with the body exactly as given. */
async function post(path: string, from: string, body: RequestBody, contentType?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'x-forwarded-for': from };
  if (contentType) headers['content-type'] = contentType;
  const response = await server.fetch(new Request(new URL(path, TEST_ORIGIN), { method: 'POST', headers, body }));
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as { error?: { code: string; fields?: Record<string, string> } } | null,
  };
}

const asJson = (path: string, from: string, fields: Record<string, string>) =>
  post(path, from, JSON.stringify(fields), 'application/json');
const asForm = (path: string, from: string, fields: Record<string, string>) =>
  post(path, from, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded');
function asMultipart(path: string, from: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return post(path, from, form);
}

describe('the sign-in limit', () => {
  it('counts JSON, form-encoded and multipart attempts on one account in one bucket, refused encodings included', async () => {
    const { user, password } = await server.signUp();
    const from = '198.51.100.7';
    const wrong = { email: user.email, password: 'fel-lösenord' };
    const statuses = [
      (await asJson('/api/auth/sign-in/email', from, wrong)).status,
      (await asForm('/api/auth/sign-in/email', from, wrong)).status,
      (await asMultipart('/api/auth/sign-in/email', from, { ...wrong, email: ` ${user.email.toUpperCase()} ` })).status,
      (await asJson('/api/auth/sign-in/email', from, wrong)).status,
      (await asForm('/api/auth/sign-in/email', from, wrong)).status,
    ];
    expect(statuses).toEqual([401, 415, 415, 401, 415]);
    const right = { email: user.email, password };
    const afterLimit = [
      await asJson('/api/auth/sign-in/email', from, right),
      await asForm('/api/auth/sign-in/email', from, right),
      await asMultipart('/api/auth/sign-in/email', from, right),
    ];
    expect(afterLimit.map((r) => [r.status, r.body?.error?.code])).toEqual([
      [429, 'RATE_LIMITED'],
      [429, 'RATE_LIMITED'],
      [429, 'RATE_LIMITED'],
    ]);
    // Another address is not limited by this one's attempts.
    expect((await asJson('/api/auth/sign-in/email', '198.51.100.8', right)).status).toBe(200);
  });

  it('answers a wrong or missing Content-Type with UNSUPPORTED_MEDIA_TYPE', async () => {
    const { user, password } = await server.signUp();
    const body = JSON.stringify({ email: user.email, password });
    for (const type of [undefined, 'text/plain', 'application/xml', 'application/vnd.api+json']) {
      const res = await post('/api/auth/sign-in/email', '198.51.100.9', body, type);
      expect([type, res.status, res.body?.error?.code]).toEqual([type, 415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
    expect(
      (await post('/api/auth/sign-in/email', '198.51.100.9', body, 'application/json; charset=utf-8')).status,
    ).toBe(200);
  });
});

describe('the reset limit', () => {
  it('lets one address send reset mails to at most its limit of accounts, and counts each address alone', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => server.signUp()));
    const statuses: number[] = [];
    for (const { user } of accounts) {
      statuses.push(
        (
          await asJson('/api/auth/request-password-reset', '203.0.113.1', {
            email: user.email,
            redirectTo: '/reset-password',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const last = accounts[4]?.user.email ?? '';
    expect(
      (await asJson('/api/auth/request-password-reset', '203.0.113.2', { email: last, redirectTo: '/reset-password' }))
        .status,
    ).toBe(200);
    await eventually(() => server.mails.find((mail) => mail.to.includes(last)));
    const mailed = accounts.filter(({ user }) => server.mails.some((mail) => mail.to.includes(user.email)));
    expect(mailed.map(({ user }) => user.email)).toEqual([0, 1, 2, 4].map((i) => accounts[i]?.user.email));
  });
});

describe('oversized input', () => {
  const huge = `${'a'.repeat(1_000_000)}@example.se`;

  it('refuses a 1 MB e-mail at sign-in, sign-up and reset with VALIDATION on the e-mail, before counting it', async () => {
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']) {
      const res = await asJson(path, '192.0.2.50', {
        email: huge,
        password: 'hemligt123',
        name: 'Stor',
        redirectTo: '/reset-password',
      });
      expect([path, res.status, res.body?.error]).toEqual([
        path,
        400,
        { code: 'VALIDATION', fields: { email: 'emailInvalid' }, requestId: expect.any(String) },
      ]);
    }
    const keys = await server.database.db.execute<{ longest: number }>(
      sql`select coalesce(max(length(key)), 0) as longest from rate_limits`,
    );
    expect(Number((keys as { rows: Array<{ longest: number }> }).rows[0]?.longest)).toBeLessThanOrEqual(500);
  });

  it('refuses a body over 1 MiB with PAYLOAD_TOO_LARGE', async () => {
    const res = await asJson('/api/auth/sign-in/email', '192.0.2.51', {
      email: 'a@example.se',
      password: 'x'.repeat(1_100_000),
    });
    expect([res.status, res.body?.error?.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });
});
