import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../app.ts';
import type { AppDeps } from '../app.ts';
import type { Database } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import type { Env } from '../env.ts';
import { createMailer } from '../lib/mail.ts';
import { createLocalStorage } from '../lib/storage.ts';
import type { Storage } from '../lib/storage.ts';
import { createTestDatabase } from './database.ts';
import { startSmtpServer } from './smtp.ts';
import type { ReceivedMail } from './smtp.ts';

export const TEST_ORIGIN = 'http://kvitt.test';

export type TestResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** A browser-like client: keeps its cookies and sends our Origin on every request, as a real page would. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private readonly fetcher: (request: Request) => Promise<Response>;
  origin: string | null = TEST_ORIGIN;

  constructor(fetcher: (request: Request) => Promise<Response>) {
    this.fetcher = fetcher;
  }

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.origin) h.origin = this.origin;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body instanceof FormData) init.body = body;
    // Raw bytes, as a page uploading a file sends them; the caller names their type in `headers`.
    else if (body instanceof Uint8Array) init.body = new Uint8Array(body);
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await this.fetcher(new Request(new URL(url, TEST_ORIGIN), init));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = any>(url: string) => this.request<T>('GET', url);
  post = <T = any>(url: string, body?: unknown) => this.request<T>('POST', url, body ?? {});
  patch = <T = any>(url: string, body?: unknown) => this.request<T>('PATCH', url, body ?? {});
  put = <T = any>(url: string, body?: unknown) => this.request<T>('PUT', url, body ?? {});
  delete = <T = any>(url: string, body?: unknown) => this.request<T>('DELETE', url, body);
}

export type TestServer = {
  env: Env;
  database: Database;
  mails: ReceivedMail[];
  dataDir: string;
  storage: Storage;
  fetch: (request: Request) => Promise<Response>;
  /** Resolves when every push message started so far has been sent or given up. */
  pushIdle(): Promise<void>;
  client(): TestClient;
  /** Signs up a new user in a fresh client and returns both. */
  signUp(input?: { name?: string; email?: string; password?: string }): Promise<{ client: TestClient; user: { id: string; email: string; name: string }; password: string }>;
  /** Another browser signed in to an existing account. */
  signIn(email: string, password: string): Promise<TestClient>;
  close(): Promise<void>;
};

let userCounter = 0;

/** The whole app on a fresh database of this project's kind, with mail going to a real in-process SMTP server. */
export async function createTestServer(overrides: Partial<Omit<AppDeps, 'env' | 'database' | 'logger' | 'mailer'>> & { env?: Record<string, string> } = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const smtp = await startSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-test-'));
  const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'silent', ...overrides.env });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger });
  const { env: _ignored, ...rest } = overrides;
  const storage = overrides.storage ?? createLocalStorage(path.join(dataDir, 'files'));
  const { app, push } = createApp({ ...rest, env, database, logger, mailer, storage });
  const fetcher = async (request: Request) => app.fetch(request);

  const server: TestServer = {
    env,
    database,
    mails: smtp.mails,
    dataDir,
    storage,
    fetch: fetcher,
    pushIdle: () => push.idle(),
    client: () => new TestClient(fetcher),
    async signUp(input = {}) {
      userCounter += 1;
      const email = input.email ?? `user${userCounter}-${Date.now()}@example.se`;
      const password = input.password ?? 'hemligt123';
      const name = input.name ?? `Användare ${userCounter}`;
      const client = server.client();
      const response = await client.post('/api/auth/sign-up/email', { email, password, name });
      if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
      return { client, user: response.body.user, password };
    },
    async signIn(email, password) {
      const client = server.client();
      const response = await client.post('/api/auth/sign-in/email', { email, password });
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
      return client;
    },
    async close() {
      await push.idle();
      mailer.close();
      await smtp.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Waits until `predicate` holds (mail delivery over SMTP is asynchronous to the HTTP answer). */
export async function eventually<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
