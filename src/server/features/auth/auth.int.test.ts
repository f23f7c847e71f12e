import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, verifications } from '../../db/schema/index.ts';
import { createTestServer, eventually } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ authRateRules: { signIn: { limit: 5, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 }, reset: { limit: 3, windowMs: 60_000 } } });
});
afterAll(async () => server?.close());

const resetLinkFor = async (email: string) => {
  const mail = await eventually(() => server.mails.find((m) => m.to.includes(email)));
  const match = /http:\/\/kvitt\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail: ${mail.text}`);
  return { mail, token: match[1] as string };
};

describe('sign-up', () => {
  it('creates the account, a session cookie and a profile with the given name and country Sverige', async () => {
    const client = server.client();
    const res = await client.post('/api/auth/sign-up/email', { email: 'anna@example.se', password: 'hemligt1', name: '  Anna Berg ' });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('anna@example.se');
    expect([...client.cookies.keys()].some((k) => k.startsWith('kvitt.'))).toBe(true);
    const [profile] = await server.database.db.select().from(profiles).where(eq(profiles.userId, res.body.user.id));
    expect(profile).toMatchObject({ name: 'Anna Berg', country: 'Sverige', phone: null, plan: 'plus' });
    const session = await client.get('/api/auth/get-session');
    expect(session.body.user.id).toBe(res.body.user.id);
  });

  it('answers EMAIL_TAKEN for an e-mail that already has an account, whatever its case', async () => {
    await server.signUp({ email: 'taken@example.se' });
    const res = await server.client().post('/api/auth/sign-up/email', { email: 'Taken@Example.se', password: 'hemligt1', name: 'Bo' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'EMAIL_TAKEN' } });
  });

  it('refuses a password under 6 characters, a bad e-mail and a blank name with their own codes', async () => {
    const client = server.client();
    const short = await client.post('/api/auth/sign-up/email', { email: 'kort@example.se', password: '12345', name: 'Kort' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: 'VALIDATION', fields: { password: 'passwordTooShort' } });
    const email = await client.post('/api/auth/sign-up/email', { email: 'inte-en-adress', password: '123456', name: 'X' });
    expect(email.body.error).toMatchObject({ code: 'VALIDATION', fields: { email: 'emailInvalid' } });
    const name = await client.post('/api/auth/sign-up/email', { email: 'namn@example.se', password: '123456', name: '   ' });
    expect(name.status).toBe(400);
    expect(name.body.error).toMatchObject({ code: 'VALIDATION', fields: { name: 'nameRequired' } });
    const ok = await client.post('/api/auth/sign-up/email', { email: 'sex@example.se', password: '123456', name: 'Sex' });
    expect(ok.status).toBe(200);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password, refuses a wrong one with INVALID_CREDENTIALS, and signs out', async () => {
    const { user, password } = await server.signUp();
    const client = server.client();
    const wrong = await client.post('/api/auth/sign-in/email', { email: user.email, password: 'fel-lösen' });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const unknown = await client.post('/api/auth/sign-in/email', { email: 'ingen@example.se', password });
    expect([unknown.status, unknown.body.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const right = await client.post('/api/auth/sign-in/email', { email: user.email, password });
    expect(right.status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body.user.email).toBe(user.email);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
  });

  it('answers RATE_LIMITED with Retry-After once an address has tried too many passwords for one e-mail', async () => {
    const { user } = await server.signUp();
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await client.post('/api/auth/sign-in/email', { email: user.email, password: `fel${i}xx` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await client.post('/api/auth/sign-in/email', { email: user.email, password: 'fel' });
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('origin check', () => {
  it('refuses a state-changing request without our Origin, and one from another site', async () => {
    const client = server.client();
    client.origin = null;
    const missing = await client.post('/api/auth/sign-up/email', { email: 'o1@example.se', password: '123456', name: 'O' });
    expect([missing.status, missing.body.error.code]).toEqual([403, 'INVALID_ORIGIN']);
    client.origin = 'https://evil.example';
    const foreign = await client.post('/api/auth/sign-in/email', { email: 'o1@example.se', password: '123456' });
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'INVALID_ORIGIN']);
  });
});

describe('password reset', () => {
  it('mails a one-time link; the new password works, the old one and the used link do not, and sessions end', async () => {
    const { user, client: oldSession } = await server.signUp({ email: 'glomsk@example.se' });
    const asked = await server.client().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    const { mail, token } = await resetLinkFor(user.email);
    expect(mail.subject).toBe('Återställ ditt lösenord till Kvitt');

    const reset = await server.client().post('/api/auth/reset-password', { newPassword: 'nyttlosen', token });
    expect(reset.status).toBe(200);
    expect((await server.client().post('/api/auth/sign-in/email', { email: user.email, password: 'hemligt123' })).status).toBe(401);
    expect((await server.client().post('/api/auth/sign-in/email', { email: user.email, password: 'nyttlosen' })).status).toBe(200);
    expect((await oldSession.get('/api/auth/get-session')).body).toBeNull();

    const again = await server.client().post('/api/auth/reset-password', { newPassword: 'tredjelosen', token });
    expect([again.status, again.body.error.code]).toEqual([400, 'INVALID_RESET_TOKEN']);
  });

  it('ends a reset signed in with the new password, and tells a used link apart before its form is filled', async () => {
    const { user } = await server.signUp({ email: 'direkt-in@example.se' });
    await server.client().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const { token } = await resetLinkFor(user.email);
    const browser = server.client();
    expect((await browser.get(`/api/auth/reset-password/status?token=${token}`)).status).toBe(200);

    const reset = await browser.post('/api/auth/reset-password', { newPassword: 'nyttlosen', token });
    expect(reset.status).toBe(200);
    expect(JSON.stringify(reset.body)).not.toContain('token');
    expect((await browser.get('/api/auth/get-session')).body.user.email).toBe(user.email);

    const used = await browser.get(`/api/auth/reset-password/status?token=${token}`);
    expect([used.status, used.body.error.code]).toEqual([400, 'INVALID_RESET_TOKEN']);
    const malformed = await browser.get('/api/auth/reset-password/status?token=inte%20en%20kod');
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'INVALID_RESET_TOKEN']);
  });

  it('tells an expired link apart before its form is filled', async () => {
    const { user } = await server.signUp({ email: 'for-sent@example.se' });
    await server.client().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const { token } = await resetLinkFor(user.email);
    await server.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await server.client().get(`/api/auth/reset-password/status?token=${token}`);
    expect([res.status, res.body.error.code]).toEqual([400, 'INVALID_RESET_TOKEN']);
  });

  it('refuses an expired link', async () => {
    const { user } = await server.signUp({ email: 'sen@example.se' });
    await server.client().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const { token } = await resetLinkFor(user.email);
    await server.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await server.client().post('/api/auth/reset-password', { newPassword: 'nyttlosen', token });
    expect([res.status, res.body.error.code]).toEqual([400, 'INVALID_RESET_TOKEN']);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = server.mails.length;
    const res = await server.client().post('/api/auth/request-password-reset', { email: 'finns-inte@example.se', redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mails.length).toBe(before);
  });

  it('limits reset requests per address and e-mail', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await client.post('/api/auth/request-password-reset', { email: 'spam@example.se', redirectTo: '/reset-password' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('platform', () => {
  it('reports the database kind and that every migration is applied', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.database).toBe(server.database.kind);
    expect(res.body.migrations.applied).toBe(res.body.migrations.known);
    expect(res.body.migrations.known).toBeGreaterThan(0);
  });

  it('publishes an OpenAPI document and answers unknown API paths with NOT_FOUND', async () => {
    const doc = await server.client().get('/api/openapi.json');
    expect(doc.body.paths['/api/health']).toBeDefined();
    const missing = await server.client().get('/api/finns-inte');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(missing.body.error.requestId).toMatch(/[0-9a-f-]{36}/);
  });

  it('sends a strict Content-Security-Policy without inline scripts', async () => {
    const res = await server.client().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('keeps sessions in the database so they can be revoked', async () => {
    const { user } = await server.signUp();
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
