import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { openStream } from '../testing/event-stream.ts';
import type { OpenStream } from '../testing/event-stream.ts';
import { createTestServer } from '../testing/harness.ts';
import type { TestClient, TestServer } from '../testing/harness.ts';
import { createRealtime } from './realtime.ts';
import { watchSession } from './session-watch.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    authRateRules: { signIn: { limit: 1000, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 } },
  });
});
afterAll(async () => server?.close());

/** Sign-out, revocation and deletion are announced at once; this bounds "at once" generously for a loaded machine. */
const PROMPT_MS = 2000;

async function endsWithin(stream: OpenStream, ms: number): Promise<number> {
  const started = Date.now();
  const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms));
  const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), timeout]);
  if (outcome === 'open') throw new Error(`the stream was still open after ${ms} ms`);
  return Date.now() - started;
}

async function stillOpen(stream: OpenStream, ms: number): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms));
  return Promise.race([stream.ended.then(() => false), timeout]);
}

async function secondBrowser(email: string, password: string): Promise<TestClient> {
  const client = server.client();
  await client.post('/api/auth/sign-in/email', { email, password });
  return client;
}

describe('an open event stream', () => {
  it('ends promptly when its session signs out, while a stream of another session of the same user stays open', async () => {
    const { user, client, password } = await server.signUp();
    const other = await secondBrowser(user.email, password);
    const stream = await openStream(client, server.fetch);
    const otherStream = await openStream(other, server.fetch);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await endsWithin(stream, PROMPT_MS)).toBeLessThan(PROMPT_MS);
    expect(await stillOpen(otherStream, 300)).toBe(true);
    await otherStream.close();
  });

  it('ends promptly when the account is deleted, for every session of it', async () => {
    const { user, client, password } = await server.signUp();
    const other = await secondBrowser(user.email, password);
    const streams = [await openStream(client, server.fetch), await openStream(other, server.fetch)];
    expect((await client.delete('/api/account')).status).toBe(204);
    for (const stream of streams) await endsWithin(stream, PROMPT_MS);
  });

  it('ends promptly when a password change elsewhere revokes its session', async () => {
    const { user, client, password } = await server.signUp();
    const other = await secondBrowser(user.email, password);
    const stream = await openStream(other, server.fetch);
    await client.post('/api/auth/change-password', { currentPassword: password, newPassword: 'nytt-losen' });
    await endsWithin(stream, PROMPT_MS);
    expect((await other.get('/api/events')).status).toBe(401);
  });

  it('ends promptly when its session row is deleted by anyone, as a revocation does', async () => {
    const { user, client } = await server.signUp();
    const stream = await openStream(client, server.fetch);
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await endsWithin(stream, PROMPT_MS);
  });
});

describe('watchSession', () => {
  it('notices an expired session at the next check, without any notification', async () => {
    const { user } = await server.signUp();
    const [session] = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const realtime = createRealtime(server.database, pino({ level: 'silent' }));
    const errors: unknown[] = [];
    const watch = await watchSession({
      db: server.database.db,
      realtime,
      sessionId: session?.id ?? '',
      userId: user.id,
      recheckMs: 100,
      onError: (error) => errors.push(error),
    });
    let ended = false;
    void watch.ended.then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ended).toBe(false);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await watch.ended;
    expect(errors).toEqual([]);
    realtime.close();
  });
});
