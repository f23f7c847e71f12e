import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, users } from '../../db/schema/index.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    authRateRules: { signIn: { limit: 1000, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 } },
  });
});
afterAll(async () => server?.close());

const signIn = (email: string, password: string) => server.signIn(email, password);

const signedIn = async (client: TestClient) => (await client.get('/api/auth/get-session')).body !== null;
/** The session token, which the cookie carries as `<token>.<signature>`. */
const tokenOf = (client: TestClient) =>
  decodeURIComponent(client.cookies.get('kvitt.session_token') ?? '').split('.')[0] ?? '';

describe('change-password', () => {
  it('ends every other session of the user even when the client asks to keep them, and keeps this browser signed in', async () => {
    const { user, client, password } = await server.signUp();
    const phone = await signIn(user.email, password);
    const laptop = await signIn(user.email, password);
    const res = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'nytt-losen',
      revokeOtherSessions: false,
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    expect(await signedIn(client)).toBe(true);
    expect([await signedIn(phone), await signedIn(laptop)]).toEqual([false, false]);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await server.client().post('/api/auth/sign-in/email', { email: user.email, password })).status).toBe(401);
    expect(
      (await server.client().post('/api/auth/sign-in/email', { email: user.email, password: 'nytt-losen' })).status,
    ).toBe(200);
  });

  it('refuses a wrong current password on that field and a short new one on its own, changing nothing', async () => {
    const { user, client, password } = await server.signUp();
    const phone = await signIn(user.email, password);
    const wrong = await client.post('/api/auth/change-password', {
      currentPassword: 'inte-det',
      newPassword: 'nytt-losen',
    });
    expect([wrong.status, wrong.body.error.code, wrong.body.error.fields]).toEqual([
      400,
      'VALIDATION',
      { currentPassword: 'currentPasswordWrong' },
    ]);
    const short = await client.post('/api/auth/change-password', { currentPassword: password, newPassword: '12345' });
    expect([short.status, short.body.error.fields]).toEqual([400, { newPassword: 'passwordTooShort' }]);
    expect(await signedIn(phone)).toBe(true);
    expect((await server.client().post('/api/auth/sign-in/email', { email: user.email, password })).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await server
      .client()
      .post('/api/auth/change-password', { currentPassword: 'hemligt123', newPassword: 'nytt-losen' });
    expect([res.status, res.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('session tokens', () => {
  it('lists the sessions of the user without any token, and no other answer carries one either', async () => {
    const { user, client, password } = await server.signUp();
    const phone = await signIn(user.email, password);
    const list = await client.get('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    for (const session of list.body as Array<Record<string, unknown>>) {
      expect(Object.keys(session).filter((key) => /token/i.test(key))).toEqual([]);
      expect(session.userId).toBe(user.id);
    }
    const answers = [list, await client.get('/api/auth/get-session'), await phone.get('/api/auth/get-session')];
    const third = server.client();
    answers.push(await third.post('/api/auth/sign-in/email', { email: user.email, password }));
    answers.push(
      await server
        .client()
        .post('/api/auth/sign-up/email', { email: `ny-${Date.now()}@example.se`, password, name: 'Ny' }),
    );
    for (const token of [tokenOf(client), tokenOf(phone), tokenOf(third)]) {
      expect(token.length).toBeGreaterThan(10);
      for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(token);
    }
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toMatch(/"[a-z]*token"/i);
  });

  it('keeps better-auth endpoints Kvitt does not use out of reach', async () => {
    const { client } = await server.signUp();
    for (const path of [
      '/api/auth/revoke-session',
      '/api/auth/delete-user',
      '/api/auth/change-email',
      '/api/auth/list-accounts',
      '/api/auth/ok',
    ]) {
      const res =
        path.endsWith('ok') || path.endsWith('accounts')
          ? await client.get(path)
          : await client.post(path, { token: 'x' });
      expect([path, res.status, res.body.error.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
  });
});

describe('names written through better-auth', () => {
  it('holds update-user to the profile rules and keeps the profile and the account on the same trimmed name', async () => {
    const { user, client } = await server.signUp({ name: 'Anna' });
    const refused: Array<[unknown, string]> = [
      ['', 'nameRequired'],
      ['   ', 'nameRequired'],
      ['\u200B\u200D', 'nameRequired'],
      ['x'.repeat(5000), 'max100'],
      ['Anna\u0000Berg', 'textInvalid'],
      ['Anna\u0007', 'textInvalid'],
      ['Anna \uD800', 'textInvalid'],
      [42, 'nameRequired'],
    ];
    for (const [name, key] of refused) {
      const res = await client.post('/api/auth/update-user', { name });
      expect([res.status, res.body.error.code, res.body.error.fields]).toEqual([400, 'VALIDATION', { name: key }]);
    }
    const image = await client.post('/api/auth/update-user', { name: 'Anna', image: 'http://evil.example/x.png' });
    expect([image.status, image.body.error.code]).toEqual([400, 'VALIDATION']);
    const ok = await client.post('/api/auth/update-user', { name: '  Anna Berg  ' });
    expect(ok.status).toBe(200);
    const [account] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    const [profile] = await server.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect([account?.name, account?.image, profile?.name]).toEqual(['Anna Berg', null, 'Anna Berg']);
    expect((await client.get('/api/account/profile')).body.name).toBe('Anna Berg');
  });

  it('holds sign-up to the same rules', async () => {
    const client = server.client();
    for (const [name, key] of [
      ['\u200B', 'nameRequired'],
      ['A\u0000', 'textInvalid'],
      ['y'.repeat(101), 'max100'],
    ] as const) {
      const res = await client.post('/api/auth/sign-up/email', {
        email: `namn-${key}@example.se`,
        password: 'hemligt1',
        name,
      });
      expect([res.status, res.body.error.fields]).toEqual([400, { name: key }]);
    }
    const ok = await client.post('/api/auth/sign-up/email', {
      email: 'trim@example.se',
      password: 'hemligt1',
      name: '\tBo Ek \n',
    });
    const [account] = await server.database.db.select().from(users).where(eq(users.id, ok.body.user.id));
    expect(account?.name).toBe('Bo Ek');
  });
});
