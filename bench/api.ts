// API throughput: seeds one group of 20 members with 5,000 expenses on PostgreSQL (or the embedded PGlite with
// BENCH_DB=pglite, in its own thread; BENCH_PGLITE_THREAD=main keeps it on the server's thread), serves the real app
// in this process on a real HTTP port, and loads pages of the expenses list, the balances and the settlement
// calculation with autocannon (50 connections) from a worker thread, next to a bare Hono route that returns the same
// bytes. The server's event-loop delay is recorded during each load. BENCH_ONLY=session,first,… picks rows;
// BENCH_PROFILE=<dir> writes a V8 CPU profile of the main thread (what `node --cpu-prof` writes) for each real row
// and prints where its time went.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import pg from 'pg';
import pino from 'pino';
import { CATEGORIES } from '#shared/api/expenses-limits.ts';
import { apportion } from '#shared/domain/split.ts';
import { createPrng, pick, randomInt, shuffled } from '#shared/domain/testing/prng.ts';
import { createApp } from '#server/app.ts';
import { openPglite, openPostgres } from '#server/db/client.ts';
import type { Database } from '#server/db/client.ts';
import { expensePayers, expenseShares, expenses, groupMembers, profiles, users } from '#server/db/schema/index.ts';
import { loadEnv } from '#server/env.ts';
import { createMailer } from '#server/lib/mail.ts';
import { watchEventLoopDelay } from '#server/lib/metrics.ts';
import { createLocalStorage } from '#server/lib/storage.ts';
import { insertGroup } from '#server/testing/factories.ts';
import { summarize, summaryTables } from './cpu-profile.ts';
import type { CpuProfile } from './cpu-profile.ts';

const MEMBERS = 20;
const EXPENSES = 5_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORIGIN = 'http://kvitt.bench';
const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const PGLITE_THREAD = process.env.BENCH_PGLITE_THREAD === 'main' ? 'main' : 'worker';
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
const PROFILE_DIR = process.env.BENCH_PROFILE;
// Foreign expenses with the rates they were saved at: the balances must convert these exactly.
const FOREIGN = [
  { currency: 'EUR', rateMicros: 11_482_300, share: 0.1 },
  { currency: 'USD', rateMicros: 10_612_000, share: 0.05 },
];

type LoadJob = { url: string; headers: Record<string, string> };
type LoadResult = {
  /** The serving thread's event-loop delay at the 99th percentile during the load, in ms. */
  loopP99?: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
};

/** Runs in the worker thread, so the load generator never shares the server's event loop. */
async function runLoad(job: LoadJob): Promise<LoadResult> {
  const times: number[] = [];
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: job.url, headers: job.headers, connections: CONNECTIONS, duration: DURATION_S },
      (error: unknown, done) =>
        error
          ? reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }))
          : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  // Inside a worker thread autocannon answers raw histograms instead of summaries, so the rate is counted here.
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: times.length,
    rps: times.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function load(job: LoadJob): Promise<LoadResult> {
  const delay = watchEventLoopDelay();
  try {
    const result = await new Promise<LoadResult>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: job });
      worker.once('message', (done: LoadResult) => resolve(done));
      worker.once('error', reject);
    });
    return { ...result, loopP99: delay.percentile(99) };
  } finally {
    delay.stop();
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** 19 members besides the signed-in owner, then 5,000 expenses with 2–20 participants each, in batches. */
async function seed(database: Database, ownerId: string): Promise<string> {
  const db = database.db;
  const prng = createPrng(2026);
  const { group, owner } = await insertGroup(db, { ownerId, name: 'Bänkgruppen' });
  const others = Array.from({ length: MEMBERS - 1 }, (_, i) => ({
    id: `bench-user-${i}`,
    name: `Medlem ${i + 2}`,
    email: `bench-${i}@example.se`,
  }));
  await db.insert(users).values(others);
  await db
    .insert(profiles)
    .values(others.map((u, i) => ({ userId: u.id, name: u.name, phone: `07012345${String(i).padStart(2, '0')}` })));
  const members = [
    owner,
    ...(await db
      .insert(groupMembers)
      .values(others.map((u) => ({ groupId: group.id, userId: u.id })))
      .returning()),
  ];
  const memberIds = members.map((m) => m.id);
  for (let start = 0; start < EXPENSES; start += 500) {
    const batch = Array.from({ length: Math.min(500, EXPENSES - start) }, (_, i) => {
      const roll = prng();
      const foreign = roll < 0.1 ? FOREIGN[0] : roll < 0.15 ? FOREIGN[1] : undefined;
      const day = randomInt(prng, 0, 729);
      const payer = pick(prng, memberIds);
      return {
        values: {
          groupId: group.id,
          payerMemberId: payer,
          createdByMemberId: payer,
          totalOre: randomInt(prng, 2_000, 300_000),
          currency: foreign?.currency ?? 'SEK',
          rateMicros: foreign?.rateMicros ?? 1_000_000,
          expenseDate: new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10),
          merchant: `Butik ${start + i}`,
          // In turn, outside the seeded random sequence, so the other rows see the very expenses they saw before.
          category: CATEGORIES[(start + i) % CATEGORIES.length],
        },
        participants: shuffled(prng, memberIds).slice(0, randomInt(prng, 2, MEMBERS)),
      };
    });
    const inserted = await db
      .insert(expenses)
      .values(batch.map((b) => b.values))
      .returning({ id: expenses.id });
    const shares = batch.flatMap((b, i) => {
      const expenseId = inserted[i]?.id ?? '';
      const amounts = apportion({
        total: b.values.totalOre,
        weights: b.participants.map((key) => ({ key, weight: 1 })),
        seed: expenseId,
      });
      return b.participants.map((memberId, j) => ({
        expenseId,
        memberId,
        shareType: 'equal' as const,
        shareOre: amounts[j] ?? 0,
      }));
    });
    await db.insert(expenseShares).values(shares);
    await db
      .insert(expensePayers)
      .values(
        batch.map((b, i) => ({
          expenseId: inserted[i]?.id ?? '',
          memberId: b.values.payerMemberId,
          amountOre: b.values.totalOre,
        })),
      );
  }
  return group.id;
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server, port: info.port }));
  });
}

async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: 'bench-owner@example.se', password: 'hemligt123', name: 'Ägaren' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The cursor after the first `count` expenses, read 200 a page as a client paging far down would. */
async function cursorAfter(base: string, headers: Record<string, string>, groupId: string, count: number) {
  let cursor: string | null = null;
  for (let read = 0; read < count; read += 200) {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const response = await fetch(`${base}/api/groups/${groupId}/expenses?limit=200${query}`, { headers });
    cursor = ((await response.json()) as { nextCursor: string | null }).nextCursor;
  }
  if (!cursor) throw new Error(`fewer than ${count} expenses`);
  return cursor;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('sv-SE', { maximumFractionDigits: digits, minimumFractionDigits: digits });

type Endpoint = { key: string; label: string; url: string; body: Uint8Array<ArrayBuffer>; aloneMs: number };

/** Each endpoint's answer (the ceiling serves the same bytes) and its best time of five when nothing else runs. */
async function probe(
  base: string,
  headers: Record<string, string>,
  paths: ReadonlyArray<readonly [string, string, string]>,
): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const [key, label, url] of paths) {
    if (ONLY && !ONLY.has(key)) continue;
    let best = Infinity;
    let body = new Uint8Array(0);
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      body = new Uint8Array(await response.arrayBuffer());
      best = Math.min(best, performance.now() - started);
    }
    endpoints.push({ key, label, url, body, aloneMs: best });
  }
  return endpoints;
}

/** The load, with the main thread's CPU time per request: the server's own cost, whatever else the machine runs. */
async function loadWithCpu(job: LoadJob, profileAs?: string): Promise<LoadResult & { cpuMs: number }> {
  const session = profileAs ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
  }
  const before = process.threadCpuUsage();
  const result = await load(job);
  const used = process.threadCpuUsage(before);
  if (session && profileAs && PROFILE_DIR) {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `${KIND}-${profileAs}.cpuprofile`), JSON.stringify(profile));
    console.log(`\n#### ${profileAs} (${KIND})\n\n${summaryTables(summarize(profile as unknown as CpuProfile))}\n`);
  }
  return { ...result, cpuMs: (used.user + used.system) / 1000 / Math.max(1, result.requests) };
}

async function measure(base: string, headers: Record<string, string>, endpoints: Endpoint[]): Promise<string[]> {
  const bare = new Hono().get('/bare/:index', (c) =>
    c.body(endpoints[Number(c.req.param('index'))]?.body ?? new Uint8Array(0), 200, {
      'content-type': 'application/json',
    }),
  );
  const ceiling = await listen(bare.fetch);
  const rows: string[] = [];
  try {
    for (const [index, endpoint] of endpoints.entries()) {
      const measured = await loadWithCpu(
        { url: `${base}${endpoint.url}`, headers },
        PROFILE_DIR ? endpoint.key : undefined,
      );
      const top = await loadWithCpu({ url: `http://127.0.0.1:${ceiling.port}/bare/${index}`, headers: {} });
      const share = `${fmt((100 * measured.rps) / top.rps, 1)} %`;
      for (const [kind, r, alone, ofBare] of [
        [endpoint.label, measured, fmt(endpoint.aloneMs, 1), share],
        [`${endpoint.label}: bare Hono, same bytes`, top, '–', '–'],
      ] as const) {
        if (r.non2xx > 0) throw new Error(`${kind}: ${r.non2xx} answers were not 2xx`);
        // Errors are requests still unanswered after autocannon's 10 s timeout: shown, since they are the result.
        rows.push(
          `| ${kind} | ${fmt(endpoint.body.byteLength / 1024, 1)} kB | ${alone} | ${fmt(r.rps)} | ${ofBare} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.cpuMs, 2)} | ${fmt(r.loopP99 ?? NaN)} | ${r.errors} |`,
        );
      }
    }
  } finally {
    ceiling.server.close();
  }
  return rows;
}

function printTable(rows: string[]): void {
  const busy = os
    .loadavg()
    .map((l) => fmt(l, 1))
    .join(' / ');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\n${KIND === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${CONNECTIONS} connections, ${DURATION_S} s per row, Node ${process.version}, ${os.cpus().length} cores (${cpu}), load average ${busy}.\n`,
  );
  console.log(
    '| Endpoint | Body | Alone ms | Requests/s | Share of bare | p50 ms | p95 ms | p99 ms | CPU ms/req | Loop p99 ms | Timeouts |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

/** A fresh database of the kind asked for; the PGlite one lives in the bench's data folder, as the server's does. */
async function openBenchDatabase(dataDir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (KIND === 'pglite')
    return {
      database: await openPglite({ dir: path.join(dataDir, 'db'), thread: PGLITE_THREAD }),
      drop: async () => {},
    };
  const name = `kvitt_bench_${process.pid}_${Date.now()}`;
  await adminQuery(`create database ${name}`);
  return {
    database: await openPostgres(withDatabase(SERVER_URL, name), { max: 10 }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-bench-'));
  const { database, drop } = await openBenchDatabase(dataDir);
  let server: ServerType | null = null;
  try {
    await database.migrate();
    const logger = pino({ level: 'silent' });
    const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const mailer = createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger });
    const { app } = createApp({
      env,
      database,
      logger,
      mailer,
      storage: createLocalStorage(path.join(dataDir, 'files')),
    });
    const real = await listen(app.fetch);
    server = real.server;
    const base = `http://127.0.0.1:${real.port}`;
    const cookie = await signUp(base);
    const [owner] = await database.db.select({ id: users.id }).from(users).limit(1);
    const seeded = performance.now();
    const groupId = await seed(database, owner?.id ?? '');
    console.log(
      `Seeded ${EXPENSES} expenses for ${MEMBERS} members in ${fmt((performance.now() - seeded) / 1000, 1)} s (${KIND === 'pglite' ? `pglite, ${PGLITE_THREAD === 'main' ? "server's thread" : 'worker thread'}` : database.kind}).`,
    );
    const headers = { cookie, origin: ORIGIN };
    const expensesUrl = `/api/groups/${groupId}/expenses`;
    const deep = await cursorAfter(base, headers, groupId, 4_000);
    const endpoints = await probe(base, headers, [
      // The floor every signed-in request pays (session lookup, middleware), for reading the rows below.
      ['session', 'Session only (reference)', '/api/auth/get-session'],
      ['first', 'Expenses list, first page (50 and the categories)', expensesUrl],
      ['deep', 'Expenses list, page after 4,000 expenses (cursor)', `${expensesUrl}?cursor=${deep}`],
      ['category', 'Expenses list, one category, first page', `${expensesUrl}?category=logi`],
      ['page200', 'Expenses list, 200 a page', `${expensesUrl}?limit=200`],
      ['balances', 'Balances', `/api/groups/${groupId}/balances`],
      ['settlement', 'Settlement calculation', `/api/groups/${groupId}/settlement`],
    ]);
    printTable(await measure(base, headers, endpoints));
    mailer.close();
  } finally {
    server?.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The same file is the load worker: the main thread serves, the worker thread runs autocannon.
if (!isMainThread) {
  parentPort?.postMessage(await runLoad(workerData as LoadJob));
} else {
  await main();
}
