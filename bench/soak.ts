// Soak: 30 users in 6 groups against a real server process (node src/server/main.ts) on PostgreSQL (a database
// created and dropped at 127.0.0.1:5432) and on PGlite (a temporary data folder). Reads, expenses with small JPEG
// images, payments and some receipt readings for `--minutes` (default 10), then a burst of 20 receipt readings at
// once beside GET balances. Usage: node bench/soak.ts [--minutes 10] [--db postgres|pglite|both] [--json file]
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { CATEGORIES } from '#shared/api/expenses-limits.ts';
import { todayIso } from '#shared/format.ts';
import { receiptPhoto } from '#server/lib/ocr/testing/photo-set/index.ts';
import { printBurst, printSoak, quantile, Recorder } from './soak-report.ts';
import type { BurstResult, MetricsLine } from './soak-report.ts';
import { NODE_FLAGS } from '#server/node-flags.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
    json: { type: 'string' },
    users: { type: 'string', default: '30' },
    groups: { type: 'string', default: '6' },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
const GROUPS = Number(values.groups);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const METRICS_MS = 2_000;
// A person between two taps: exponential, mean 250 ms, so 30 users ask for about 100 requests a second.
const THINK_MS = 250;
const ROOT = path.resolve(import.meta.dirname, '..');

type User = { email: string; cookie: string; groupId: string; memberId: string; members: string[] };

/** The action mix, by weight: mostly reads, a seventh expenses with an image, some payments, rare receipt readings. */
const MIX: Array<[string, number]> = [
  ['GET group', 15],
  ['GET expenses', 15],
  ['GET balances', 20],
  ['GET settlement', 10],
  ['GET events', 10],
  ['expense with image', 14],
  ['POST payment', 4],
  ['POST receipts/ocr', 0.25],
];
const MIX_TOTAL = MIX.reduce((sum, [, w]) => sum + w, 0);

function pickAction(): string {
  let roll = Math.random() * MIX_TOTAL;
  for (const [name, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return 'GET group';
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Small JPEGs, 800×600 with a drawn "receipt" on a coloured background, about 20–40 kB each. */
async function smallJpegs(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${i * 45},40%,45%)"/><rect x="250" y="40" width="300" height="520" fill="#f4f1ea"/>${Array.from({ length: 14 }, (_, j) => `<text x="270" y="${90 + j * 32}" font-size="20" font-family="monospace">Vara ${j + 1}  ${(i + 3) * (j + 7)},00</text>`).join('')}</svg>`;
      return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    }),
  );
}

type Server = { base: string; child: ChildProcess; metrics: MetricsLine[]; stop(): Promise<void> };

/**
 * CPU time (ms) of the server's main thread (its event loop) and of the whole process, all threads, from Linux's
 * /proc: what the main thread spends does not depend on how busy the shared machine is, unlike delays.
 */
function cpuOf(pid: number): { mainMs: number; allMs: number } {
  const ticks = (file: string) => {
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields of stat, 12th and 13th after the command name; 100 ticks a second.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return { mainMs: ticks(`/proc/${pid}/task/${pid}/stat`), allMs: ticks(`/proc/${pid}/stat`) };
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server as production runs it, in its own process; its metrics lines are collected from stdout. */
async function startServer(databaseUrl: string | null, dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    AUTH_SECRET: randomUUID() + randomUUID(),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    METRICS_INTERVAL_MS: String(METRICS_MS),
    SIGNUP_LIMIT_PER_HOUR: '1000',
    JOIN_LIMIT_PER_ADDRESS: '1000',
    ECB_RATES_URL: 'http://127.0.0.1:9/none.xml',
    // A reading takes 10–40 s on a shared, loaded 2-core machine; the burst measures them running, not timing out.
    OCR_TIMEOUT_MS: '120000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const child = spawn(process.execPath, [...NODE_FLAGS, 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const metrics: MetricsLine[] = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    // Errors the server logs are shown, since a soak that loses requests must say why.
    if (/"level":(50|60)/.test(line)) console.error(line.slice(0, 500));
    if (!line.includes('"msg":"metrics"')) return;
    const parsed = JSON.parse(line) as {
      time: number;
      eventLoop: { p50: number; p99: number; max: number; samples?: number; over20?: number };
      rssMb: number;
    };
    metrics.push({ at: parsed.time, ...parsed.eventLoop, rssMb: parsed.rssMb });
  });
  child.stderr.pipe(process.stderr);
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) console.error(`the server exited by itself: code ${code}, signal ${signal}`);
      resolve();
    }),
  );
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 1800) throw new Error('the server did not answer within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    child,
    metrics,
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type Call = { status: number; ms: number; body: unknown };

function client(base: string) {
  return async function call(
    method: string,
    url: string,
    cookie: string | null,
    body?: unknown,
    type?: string,
  ): Promise<Call> {
    const headers: Record<string, string> = { origin: base };
    if (cookie) headers.cookie = cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body instanceof Buffer) [payload, headers['content-type']] = [new Uint8Array(body), type ?? 'image/jpeg'];
    else if (body !== undefined) [payload, headers['content-type']] = [JSON.stringify(body), 'application/json'];
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { method, headers, ...(payload ? { body: payload } : {}) });
    const text = await response.text();
    const ms = performance.now() - started;
    if (method === 'POST' && url.includes('sign-up')) {
      return {
        status: response.status,
        ms,
        body: response.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      };
    }
    return { status: response.status, ms, body: text.startsWith('{') ? (JSON.parse(text) as unknown) : text };
  };
}

/** 30 accounts; the first of each group creates it, the others join with its code. */
async function setUp(call: ReturnType<typeof client>): Promise<User[]> {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const email = `soak-${i}@example.se`;
    const signed = await call('POST', '/api/auth/sign-up/email', null, {
      email,
      password: 'hemligt-soak-123',
      name: `Person ${i + 1}`,
    });
    if (signed.status !== 200) throw new Error(`sign-up ${i} answered ${signed.status}`);
    cookies.push(signed.body as string);
  }
  const groupIds: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    const created = await call('POST', '/api/groups', cookies[g] ?? '', { name: `Soakgrupp ${g + 1}` });
    if (created.status !== 201)
      throw new Error(`creating a group answered ${created.status} ${JSON.stringify(created.body)}`);
    const groupId = (created.body as { group: { id: string } }).group.id;
    groupIds.push(groupId);
    const invite = await call('GET', `/api/groups/${groupId}/invite`, cookies[g] ?? '');
    const code = (invite.body as { code: string }).code;
    for (let i = g + GROUPS; i < USERS; i += GROUPS) {
      const joined = await call('POST', '/api/groups/join', cookies[i] ?? '', { code });
      if (joined.status !== 200) throw new Error(`joining answered ${joined.status} ${JSON.stringify(joined.body)}`);
    }
  }
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const groupId = groupIds[i % GROUPS] ?? '';
    const cookie = cookies[i] ?? '';
    const group = (await call('GET', `/api/groups/${groupId}`, cookie)).body as { group: { myMemberId: string } };
    const list = (await call('GET', `/api/groups/${groupId}/members`, cookie)).body as {
      members: Array<{ id: string }>;
    };
    users.push({
      email: `soak-${i}@example.se`,
      cookie,
      groupId,
      memberId: group.group.myMemberId,
      members: list.members.map((m) => m.id),
    });
  }
  return users;
}

type Assets = { images: Buffer[]; receipts: Buffer[] };

function ocrForm(receipt: Buffer): FormData {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(receipt)], { type: 'image/jpeg' }), 'kvitto.jpg');
  return form;
}

/** One action of one user; each request is recorded under its endpoint. */
async function act(
  call: ReturnType<typeof client>,
  user: User,
  action: string,
  assets: Assets,
  note: (endpoint: string, result: Call) => void,
): Promise<void> {
  const g = `/api/groups/${user.groupId}`;
  const get = async (endpoint: string, url: string) => note(endpoint, await call('GET', url, user.cookie));
  const any = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
  switch (action) {
    case 'GET group':
      return get(action, g);
    case 'GET expenses':
      return get(action, `${g}/expenses`);
    case 'GET balances':
      return get(action, `${g}/balances`);
    case 'GET settlement':
      return get(action, `${g}/settlement`);
    case 'GET events':
      return get(action, `${g}/events`);
    case 'expense with image': {
      const upload = await call('POST', `${g}/receipt-images`, user.cookie, any(assets.images));
      note('POST receipt-images', upload);
      const imageId = (upload.body as { imageId?: string } | null)?.imageId ?? null;
      // A tenth in euros at a typed rate, so the balances convert some expenses as they do abroad.
      const foreign = Math.random() < 0.1;
      const body = {
        id: randomUUID(),
        totalOre: 1_000 + Math.floor(Math.random() * 200_000),
        currency: foreign ? 'EUR' : 'SEK',
        expenseDate: todayIso(),
        merchant: `Butik ${Math.floor(Math.random() * 1000)}`,
        category: any(CATEGORIES),
        note: null,
        payerMemberId: user.memberId,
        split: { method: 'equal', participants: user.members.map((memberId) => ({ memberId })) },
        manualRateMicros: foreign ? 11_482_300 : null,
        imageId,
      };
      return note('POST expenses', await call('POST', `${g}/expenses`, user.cookie, body));
    }
    case 'POST payment': {
      const others = user.members.filter((m) => m !== user.memberId);
      const body = {
        fromMemberId: user.memberId,
        toMemberId: any(others),
        amountOre: 100 + Math.floor(Math.random() * 5_000),
        paidOn: todayIso(),
        method: 'swish',
        note: null,
      };
      return note(action, await call('POST', `${g}/payments`, user.cookie, body));
    }
    case 'POST receipts/ocr':
      return note(action, await call('POST', '/api/receipts/ocr', user.cookie, ocrForm(any(assets.receipts))));
    default:
      throw new Error(`unknown action ${action}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function soak(
  call: ReturnType<typeof client>,
  users: User[],
  assets: Assets,
  recorder: Recorder,
  startedAt: number,
) {
  const until = startedAt + MINUTES * 60_000;
  // Each request counts in the minute it was sent.
  const note = (endpoint: string, result: Call) =>
    recorder.record(endpoint, Math.floor((Date.now() - result.ms - startedAt) / 60_000), result.ms, result.status);
  await Promise.all(
    users.map(async (user) => {
      while (Date.now() < until) {
        await act(call, user, pickAction(), assets, note).catch(() =>
          note('network error', { status: 0, ms: 0, body: null }),
        );
        await sleep(-Math.log(1 - Math.random()) * THINK_MS);
      }
    }),
  );
}

/** GET balances from five users in a loop while `during` runs; latencies and the server's event-loop delay. */
async function balancesBeside(
  server: Server,
  call: ReturnType<typeof client>,
  users: User[],
  phase: string,
  during: () => Promise<string>,
): Promise<BurstResult> {
  const times: number[] = [];
  let running = true;
  const started = Date.now();
  const pid = server.child.pid ?? 0;
  const cpuBefore = cpuOf(pid);
  const loops = users.slice(0, 5).map(async (user) => {
    while (running) {
      const answer = await call('GET', `/api/groups/${user.groupId}/balances`, user.cookie).catch(() => null);
      if (!answer) break;
      times.push(answer.ms);
      await sleep(50);
    }
  });
  const readings = await during();
  running = false;
  await Promise.all(loops);
  const cpuAfter = cpuOf(pid);
  // The metrics line after the phase covers its last seconds.
  await sleep(METRICS_MS + 200);
  const ended = Date.now();
  const lines = server.metrics.filter((m) => m.at > started && m.at <= ended);
  times.sort((a, b) => a - b);
  return {
    phase,
    seconds: (ended - started - METRICS_MS - 200) / 1000,
    requests: times.length,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    eventLoopP99: Math.max(...lines.map((l) => l.p99)),
    eventLoopMax: Math.max(...lines.map((l) => l.max)),
    mainCpuMs: cpuAfter.mainMs - cpuBefore.mainMs,
    allCpuMs: cpuAfter.allMs - cpuBefore.allMs,
    readings,
  };
}

async function burst(
  server: Server,
  call: ReturnType<typeof client>,
  users: User[],
  assets: Assets,
): Promise<BurstResult[]> {
  const quiet = await balancesBeside(server, call, users, 'no readings', async () => {
    await sleep(15_000);
    return '–';
  });
  const loaded = await balancesBeside(server, call, users, '20 readings at once', async () => {
    // Twenty different users, as the per-user reading limit would have it.
    const answers = await Promise.all(
      users
        .slice(0, 20)
        .map((user, i) =>
          call(
            'POST',
            '/api/receipts/ocr',
            user.cookie,
            ocrForm(assets.receipts[i % assets.receipts.length] ?? Buffer.alloc(0)),
          ).catch(() => ({ status: 0, ms: 0, body: null })),
        ),
    );
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const slowest = Math.max(...answers.map((a) => a.ms));
    return `${[...byStatus].map(([s, n]) => `${n}× ${s}`).join(', ')}; last answered after ${(slowest / 1000).toFixed(1)} s`;
  });
  return [quiet, loaded];
}

async function runOn(kind: 'postgres' | 'pglite', assets: Assets): Promise<object> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kvitt-soak-${kind}-`));
  const name = `kvitt_soak_${process.pid}_${Date.now()}`;
  let databaseUrl: string | null = null;
  if (kind === 'postgres') {
    await adminQuery(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  let server: Server | null = null;
  try {
    server = await startServer(databaseUrl, dataDir);
    const call = client(server.base);
    const users = await setUp(call);
    const recorder = new Recorder();
    const startedAt = Date.now();
    const pid = server.child.pid ?? 0;
    const cpu = [cpuOf(pid)];
    const sampler = setInterval(() => cpu.push(cpuOf(pid)), 60_000);
    await soak(call, users, assets, recorder, startedAt);
    clearInterval(sampler);
    const label = `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${MINUTES} min, ${USERS} users in ${GROUPS} groups`;
    printSoak(label, recorder, server.metrics, startedAt, MINUTES, cpu);
    const bursts = await burst(server, call, users, assets);
    printBurst(label, bursts);
    return { kind, cells: Object.fromEntries(recorder.cells), metrics: server.metrics, cpu, bursts };
  } finally {
    await server?.stop();
    if (kind === 'postgres') await adminQuery(`drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = values.db === 'both' ? (['postgres', 'pglite'] as const) : ([values.db] as Array<'postgres' | 'pglite'>);
const assets: Assets = {
  images: await smallJpegs(8),
  receipts: await Promise.all([1, 2, 3, 4, 5].map(async (i) => (await receiptPhoto(i, 'photo')).jpeg)),
};
console.log(
  `Soak on Node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' / ',
    )} at start; images ${assets.images.map((b) => Math.round(b.length / 1024)).join('/')} kB, receipts ${assets.receipts.map((b) => Math.round(b.length / 1024)).join('/')} kB.`,
);
const results = [];
for (const kind of kinds) results.push(await runOn(kind, assets));
console.log(
  `\nLoad average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
if (values.json) fs.writeFileSync(values.json, JSON.stringify(results));
