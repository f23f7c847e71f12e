import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDeletions } from './db/schema/index.ts';
import type { Database } from './db/client.ts';
import { createTestDatabase } from './testing/database.ts';
import { plainImage } from './testing/images/samples.ts';
import { healthy, loggedCount, PROCESS_ORIGIN, startProcess, stopProcesses } from './testing/processes.ts';
import type { ServerProcess } from './testing/processes.ts';
import { startLocalS3 } from './testing/s3-server.ts';
import type { LocalS3 } from './testing/s3-server.ts';

// Two server processes as `npm start` runs them, on one PostgreSQL database and one S3-compatible store: what a
// deployment with more than one process relies on must hold across them (decision 052).
const ORIGIN = PROCESS_ORIGIN;

type Process = ServerProcess & { dataDir: string };

let database: Database;
let s3: LocalS3;
const processes: Process[] = [];
// Deletions recorded before the processes start, for their retry loops to share.
const QUEUED = 60;

function startWithStore(port: number, databaseUrl: string): Process {
  return startProcess(port, databaseUrl, {
    S3_ENDPOINT: s3.config.endpoint ?? '',
    S3_REGION: s3.config.region,
    S3_BUCKET: s3.config.bucket,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey ?? '',
  });
}

/** A person whose cookie works on either process: the session lives in the shared database. */
class Person {
  cookie = '';
  async send(p: Process, method: string, url: string, body?: unknown, type = 'application/json') {
    const raw = body instanceof Uint8Array;
    const response = await fetch(`${p.base}${url}`, {
      method,
      headers: { origin: ORIGIN, cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': raw ? type : 'application/json' }) },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) this.cookie = set.join('; ');
    const text = await response.text();
    return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  }
}

async function signUp(p: Process, name: string): Promise<Person> {
  const person = new Person();
  const email = `person-${randomUUID().slice(0, 8)}@example.se`;
  const res = await person.send(p, 'POST', '/api/auth/sign-up/email', { email, password: 'hemligt123', name });
  expect(res.status).toBe(200);
  return person;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await createTestDatabase();
  const url = (database as unknown as { url: string }).url;
  const client = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.config.accessKeyId ?? '', secretAccessKey: s3.config.secretAccessKey ?? '' },
  });
  const keys = Array.from({ length: QUEUED }, (_, i) => `orphans/left-${i}.webp`);
  for (const key of keys) await client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: key, Body: 'x' }));
  await database.db.insert(fileDeletions).values(keys.map((storageKey) => ({ storageKey })));
  const port = 4100 + (process.pid % 400) * 2;
  processes.push(startWithStore(port, url), startWithStore(port + 1, url));
  await Promise.all(processes.map(healthy));
}, 120_000);

afterAll(async () => {
  await stopProcesses(processes);
  await database?.close();
  await s3?.close();
}, 60_000);

describe('two server processes on one database and one store', () => {
  it('serve an image uploaded through one from the other, and a group change made through one reaches a stream held by the other', async () => {
    const [a, b] = processes as [Process, Process];
    const anna = await signUp(a, 'Anna');
    const group = await anna.send(a, 'POST', '/api/groups', { name: 'Två processer' });
    const groupId = group.body.group.id as string;
    const upload = await anna.send(a, 'POST', `/api/groups/${groupId}/receipt-images`, new Uint8Array(await plainImage('jpeg')), 'image/jpeg');
    expect(upload.status).toBe(201);

    const controller = new AbortController();
    const stream = await fetch(`${b.base}/api/events`, { headers: { cookie: anna.cookie }, signal: controller.signal });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    const heard = (async () => {
      const decoder = new TextDecoder();
      while (!seen.includes(groupId) || !seen.includes('expenses')) {
        const { done, value } = await reader.read();
        if (done) return;
        seen += decoder.decode(value, { stream: true });
      }
    })();
    // The stream says `ready` once it listens; then the expense is saved through the other process.
    while (!seen.includes('ready')) await new Promise((resolve) => setTimeout(resolve, 20));

    const members = await anna.send(a, 'GET', `/api/groups/${groupId}/members`);
    const me = (members.body.members as Array<{ id: string; isMe: boolean }>).find((m) => m.isMe)?.id;
    const expense = await anna.send(a, 'POST', `/api/groups/${groupId}/expenses`, {
      id: randomUUID(), totalOre: 12_350, currency: 'SEK', expenseDate: '2026-11-20', merchant: 'ICA Nära', category: 'mat',
      note: null, payerMemberId: me, split: { method: 'equal', participants: [{ memberId: me }] }, manualRateMicros: null,
      imageId: upload.body.imageId,
    });
    expect(expense.status).toBe(201);
    await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error(`no change heard: ${seen}`)), 10_000))]);
    controller.abort();

    const image = await fetch(`${b.base}/api/expenses/${expense.body.expense.id}/image`, { headers: { cookie: anna.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
  }, 60_000);

  it('count sign-in attempts against one limit, whichever process they reach', async () => {
    const [a, b] = processes as [Process, Process];
    const email = `limit-${randomUUID().slice(0, 8)}@example.se`;
    await new Person().send(a, 'POST', '/api/auth/sign-up/email', { email, password: 'hemligt123', name: 'Limit' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await new Person().send(i % 2 ? b : a, 'POST', '/api/auth/sign-in/email', { email, password: `fel-${i}` });
      statuses.push(res.status);
    }
    // Ten attempts per address and account in 15 minutes, counted in the database.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 60_000);

  it("keep a free group's five places when five people join at once through both", async () => {
    const [a, b] = processes as [Process, Process];
    const owner = await signUp(a, 'Ägare');
    const group = await owner.send(a, 'POST', '/api/groups', { name: 'Fullt hus' });
    const groupId = group.body.group.id as string;
    const code = (await owner.send(a, 'GET', `/api/groups/${groupId}/invite`)).body.code as string;
    const joiners = await Promise.all(['Bo', 'Cia', 'Dan', 'Eva', 'Fia'].map((name, i) => signUp(i % 2 ? b : a, name)));
    const answers = await Promise.all(joiners.map((person, i) => person.send(i % 2 ? a : b, 'POST', '/api/groups/join', { code })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(['GROUP_FULL']);
    const members = await owner.send(b, 'GET', `/api/groups/${groupId}/members`);
    expect(members.body.members).toHaveLength(5);
  }, 60_000);

  it('answer the expense list, balances and calculation as the other left them, on the very next request', async () => {
    const [a, b] = processes as [Process, Process];
    const anna = await signUp(a, 'Anna');
    const groupId = (await anna.send(a, 'POST', '/api/groups', { name: 'Kept answers' })).body.group.id as string;
    const me = (await anna.send(a, 'GET', `/api/groups/${groupId}/members`)).body.members[0].id as string;
    const body = {
      id: randomUUID(), totalOre: 12_350, currency: 'SEK', expenseDate: '2026-11-20', merchant: 'ICA Nära', category: 'mat',
      note: null, payerMemberId: me, split: { method: 'equal', participants: [{ memberId: me }] }, manualRateMicros: null, imageId: null,
    };
    expect((await anna.send(a, 'POST', `/api/groups/${groupId}/expenses`, body)).status).toBe(201);
    const read = async () => ({
      merchants: (await anna.send(b, 'GET', `/api/groups/${groupId}/expenses`)).body.expenses.map((e: { merchant: string }) => e.merchant),
      names: (await anna.send(b, 'GET', `/api/groups/${groupId}/balances`)).body.balances.map((m: { name: string }) => m.name),
      settlement: (await anna.send(b, 'GET', `/api/groups/${groupId}/settlement`)).body.breakdown.expenses.length,
    });
    // Read twice through b, so the second read is answered from what b keeps.
    await read();
    expect(await read()).toEqual({ merchants: ['ICA Nära'], names: ['Anna'], settlement: 1 });
    const { id: _id, imageId: _image, ...fields } = body;
    expect((await anna.send(a, 'PATCH', `/api/expenses/${body.id}`, { ...fields, merchant: 'Coop' })).status).toBe(200);
    expect((await read()).merchants).toEqual(['Coop']);
    expect((await anna.send(a, 'PUT', '/api/account/profile', { name: 'Annika' })).status).toBe(200);
    expect((await read()).names).toEqual(['Annika']);
    expect((await anna.send(a, 'DELETE', `/api/expenses/${body.id}`)).status).toBe(204);
    expect(await read()).toEqual({ merchants: [], names: ['Annika'], settlement: 0 });
  }, 60_000);

  it('share the retry loop of recorded file deletions: every file deleted once, by one process or the other', async () => {
    const done = () => loggedCount(processes, 'recorded file deletions done');
    const started = Date.now();
    while (done() < QUEUED && Date.now() - started < 45_000) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done()).toBe(QUEUED);
    expect(await database.db.select().from(fileDeletions)).toEqual([]);
    expect(await s3.keys('orphans/')).toEqual([]);
  }, 60_000);
});
