import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestServer } from '../testing/harness.ts';
import type { TestClient, TestServer } from '../testing/harness.ts';
import { expenseBody, type Person } from '../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    authRateRules: { signIn: { limit: 1000, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 } },
  });
});
afterAll(async () => server?.close());

const signIn = (email: string, password: string) => server.signIn(email, password);

/** A copy of a browser's cookies, as someone who stole them would hold. */
function copyOf(client: TestClient): TestClient {
  const copy = server.client();
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

const profileStatus = async (client: TestClient) => (await client.get('/api/account/profile')).status;
/** The user id get-session answers for this client, or null when it answers no session. */
const sessionUserId = async (client: TestClient) =>
  (await client.get<{ user: { id: string }; session: { token?: unknown } } | null>('/api/auth/get-session')).body?.user
    .id ?? null;

describe('signed-in requests, with session lookups kept for a short while', () => {
  it('keeps a looked-up session: a change the database does not announce is seen only after the cache time', async () => {
    const { client, user } = await server.signUp();
    expect([await profileStatus(client), await profileStatus(client)]).toEqual([200, 200]);
    // Expiring a session by an UPDATE announces nothing; only deleting one does (sign-out, revocation, deletion).
    await server.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    expect(await profileStatus(client)).toBe(200);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
  });

  it('keeps the session across writes to a group, and looks it up again after a write to the account', async () => {
    const { client, user } = await server.signUp();
    const group = (await client.post('/api/groups', { name: 'Stugan' })).body.group as {
      id: string;
      myMemberId: string;
    };
    expect(await profileStatus(client)).toBe(200);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    const me = { memberId: group.myMemberId } as Person;
    expect((await client.post(`/api/groups/${group.id}/expenses`, expenseBody(me, [me]))).status).toBe(201);
    expect(await profileStatus(client)).toBe(200);
    // Saving the profile may change what the session carries: the next request reads the session, now expired.
    expect((await client.put('/api/account/profile', { name: 'Nytt Namn' })).status).toBe(200);
    expect(await profileStatus(client)).toBe(401);
  });

  it('refuses a copy of the cookie at once after signing out on this device', async () => {
    const { client } = await server.signUp();
    const stolen = copyOf(client);
    expect([await profileStatus(client), await profileStatus(stolen)]).toEqual([200, 200]);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await profileStatus(stolen)).toBe(401);
  });

  it('signs out every other device at once when the password changes', async () => {
    const { client, user, password } = await server.signUp();
    const phone = await signIn(user.email, password);
    expect(await profileStatus(phone)).toBe(200);
    const res = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'nytt-losen',
    });
    expect(res.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(client)).toBe(200);
  });

  it('ends every session of a deleted account at once', async () => {
    const { client, user, password } = await server.signUp();
    const phone = await signIn(user.email, password);
    expect(await profileStatus(phone)).toBe(200);
    expect((await client.delete('/api/account')).status).toBe(204);
    expect(await profileStatus(phone)).toBe(401);
  });

  it('refuses a session another server process ended as soon as the database announces it', async () => {
    const { client, user } = await server.signUp();
    expect(await profileStatus(client)).toBe(200);
    // As another process would: the row goes, and the NOTIFY of migration 0006 reaches this one.
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    const started = Date.now();
    let status = await profileStatus(client);
    while (status === 200 && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await profileStatus(client);
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers get-session from the kept lookup, each cookie with its own user and never with a token', async () => {
    const first = await server.signUp();
    const second = await server.signUp();
    expect([await sessionUserId(first.client), await sessionUserId(second.client)]).toEqual([
      first.user.id,
      second.user.id,
    ]);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, first.user.id));
    // Unannounced, so the kept answer is served: the very bytes better-auth gave this cookie, token removed.
    const kept = await first.client.get<{ user: { id: string }; session: Record<string, unknown> }>(
      '/api/auth/get-session',
    );
    expect(kept.body.user.id).toBe(first.user.id);
    expect(Object.keys(kept.body.session).filter((key) => /token$/i.test(key))).toEqual([]);
    expect(await sessionUserId(second.client)).toBe(second.user.id);
  });

  it('answers no session at once from get-session after signing out here or deleting the account elsewhere', async () => {
    const { client, user, password } = await server.signUp();
    const stolen = copyOf(client);
    const phone = await signIn(user.email, password);
    expect([await sessionUserId(stolen), await sessionUserId(phone)]).toEqual([user.id, user.id]);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await sessionUserId(stolen)).toBeNull();
    expect(await sessionUserId(phone)).toBe(user.id);
    const laptop = await signIn(user.email, password);
    expect((await laptop.delete('/api/account')).status).toBe(204);
    expect(await sessionUserId(phone)).toBeNull();
  });
});
