import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, like, or, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileDeletions, receiptUploads } from './db/schema/index.ts';
import type { Person } from './testing/expense-suite.ts';
import { expenseBody, groupOf, startServer } from './testing/expense-suite.ts';
import { queueFileDeletions, retryFileDeletions, startFileDeletionRetrier } from './lib/file-deletions.ts';
import { createLocalStorage } from './lib/storage.ts';
import { insertMember } from './testing/factories.ts';
import type { TestClient, TestServer } from './testing/harness.ts';
import { startLocalS3 } from './testing/s3-server.ts';
import type { LocalS3 } from './testing/s3-server.ts';

// The app against a real S3-speaking server (s3rver) that each test stops and starts again: an outage of the store.
let s3: LocalS3;
let server: TestServer;
let photo: Buffer;
beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startServer({}, { storage: s3.storage });
  photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#f4efe6' } })
    .jpeg()
    .toBuffer();
});
afterEach(async () => s3.start());
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const db = () => server.database.db;
const logger = pino({ level: 'silent' });
const retry = () => retryFileDeletions({ db: db(), storage: server.storage, logger });
const filesOf = (groupId: string, imageId: string) => [`receipts/${groupId}/${imageId}`, `receipts/${groupId}/${imageId}.thumb`];
const groupFiles = async (groupId: string) => [...(await s3.keys(`groups/${groupId}/`)), ...(await s3.keys(`receipts/${groupId}/`))];

async function upload(client: TestClient, groupId: string) {
  return client.request('POST', `/api/groups/${groupId}/receipt-images`, photo, { 'content-type': 'image/jpeg' });
}

async function setGroupImage(client: TestClient, groupId: string) {
  return client.request('PUT', `/api/groups/${groupId}/image`, photo, { 'content-type': 'image/jpeg' });
}

/** An expense of `payer` with a receipt image, saved while the store is up. */
async function expenseWithImage(payer: Person, people: Person[], groupId: string) {
  const imageId = (await upload(payer.client, groupId)).body.imageId as string;
  const body = expenseBody(payer, people, { imageId });
  const created = await payer.client.post(`/api/groups/${groupId}/expenses`, body);
  expect(created.status).toBe(201);
  return { body, imageId, expense: created.body.expense as { imageUrl: string; thumbnailUrl: string } };
}

const recorded = async (keys: string[]) =>
  (
    await db()
      .select()
      .from(fileDeletions)
      .where(inArray(fileDeletions.storageKey, keys))
      .orderBy(fileDeletions.storageKey)
  ).map((row) => [row.storageKey, row.attempts]);

/** As if every recorded deletion's back-off had run out. */
const backOffPassed = (on = server) => on.database.db.update(fileDeletions).set({ nextAttemptAt: sql`now()` });

describe('a deletion while the store is down', () => {
  it('answers 204 for an expense, keeps its files recorded, and the retry deletes them once the store is back', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0] as Person;
    const { body, imageId } = await expenseWithImage(anna, people, group.id);
    const files = filesOf(group.id, imageId);
    expect(await s3.keys(`receipts/${group.id}/`)).toEqual(files);

    await s3.stop();
    expect((await anna.client.delete(`/api/expenses/${body.id}`)).status).toBe(204);
    // The file tried first failed and waits its back-off; the other, not tried once the store failed, waits too.
    expect((await recorded(files)).map(([key]) => key)).toEqual(files);
    expect((await recorded(files)).map(([, attempts]) => attempts).sort()).toEqual([0, 1]);

    await s3.start();
    expect(await s3.keys(`receipts/${group.id}/`)).toEqual(files);
    // The back-off holds the retry back for a while after the failure.
    expect(await retry()).toBe(0);
    expect(await s3.keys(`receipts/${group.id}/`)).toEqual(files);
    await backOffPassed();
    expect(await retry()).toBe(2);
    expect(await s3.keys(`receipts/${group.id}/`)).toEqual([]);
    expect(await recorded(files)).toEqual([]);
  });

  it('keeps a replaced receipt image and a removed group image until the store is back, and only those go', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0] as Person;
    expect((await setGroupImage(anna.client, group.id)).status).toBe(200);
    const groupImage = await s3.keys(`groups/${group.id}/`);
    const { body, imageId: first } = await expenseWithImage(anna, people, group.id);
    const second = (await upload(anna.client, group.id)).body.imageId as string;

    await s3.stop();
    const { id: _id, ...fields } = body;
    const replaced = await anna.client.patch(`/api/expenses/${body.id}`, { ...fields, imageId: second });
    expect([replaced.status, replaced.body.expense.imageId]).toEqual([200, second]);
    const removed = await anna.client.delete(`/api/groups/${group.id}/image`);
    expect([removed.status, removed.body.group.imageUrl]).toEqual([200, null]);

    await s3.start();
    expect(await groupFiles(group.id)).toEqual([...groupImage, ...filesOf(group.id, first), ...filesOf(group.id, second)].sort());
    await backOffPassed();
    expect(await retry()).toBe(3);
    expect(await groupFiles(group.id)).toEqual(filesOf(group.id, second));
  });

  it('answers success for a group and an account, and the retry leaves none of their files', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [Person, Person];
    await setGroupImage(anna.client, group.id);
    await expenseWithImage(bo, people, group.id);
    expect((await upload(bo.client, group.id)).status).toBe(201);
    const { group: cillasGroup, people: inCillas } = await groupOf(server, ['Cilla']);
    const boInCilla = { ...bo, memberId: (await insertMember(db(), { groupId: cillasGroup.id, userId: bo.userId })).id };
    await expenseWithImage(boInCilla, [...inCillas, boInCilla], cillasGroup.id);
    expect((await groupFiles(group.id)).length).toBe(5);

    await s3.stop();
    expect((await anna.client.delete(`/api/groups/${group.id}`)).status).toBe(204);
    expect((await bo.client.delete('/api/account')).status).toBe(204);

    await s3.start();
    expect((await groupFiles(group.id)).length).toBe(5);
    expect((await groupFiles(cillasGroup.id)).length).toBe(2);
    await backOffPassed();
    expect(await retry()).toBe(7);
    expect([...(await groupFiles(group.id)), ...(await groupFiles(cillasGroup.id))]).toEqual([]);
  });
});

describe('uploads and image reads while the store is down', () => {
  it('answer 503 STORAGE_UNAVAILABLE, and a failed upload leaves no pending row and its keys recorded', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const anna = people[0] as Person;
    const { expense, imageId } = await expenseWithImage(anna, people, group.id);
    const groupImageUrl = (await setGroupImage(anna.client, group.id)).body.group.imageUrl as string;
    const stored = await groupFiles(group.id);

    await s3.stop();
    const storeDown = [503, 'STORAGE_UNAVAILABLE'];
    const uploaded = await upload(anna.client, group.id);
    expect([uploaded.status, uploaded.body.error.code]).toEqual(storeDown);
    const groupImage = await setGroupImage(anna.client, group.id);
    expect([groupImage.status, groupImage.body.error.code]).toEqual(storeDown);
    for (const url of [expense.imageUrl, expense.thumbnailUrl, groupImageUrl]) {
      const read = await anna.client.get(url);
      expect([url, read.status, read.body.error.code]).toEqual([url, ...storeDown]);
    }
    const form = new FormData();
    form.append('groupId', group.id);
    form.append('imageId', imageId);
    const reading = await anna.client.request('POST', '/api/receipts/ocr', form);
    expect([reading.status, reading.body.error.code]).toEqual(storeDown);

    expect(await db().select().from(receiptUploads).where(inArray(receiptUploads.groupId, [group.id]))).toEqual([]);
    const leftovers = await db()
      .select()
      .from(fileDeletions)
      .where(or(like(fileDeletions.storageKey, `receipts/${group.id}/%`), like(fileDeletions.storageKey, `groups/${group.id}/%`)));
    expect(leftovers.length).toBe(3);

    await s3.start();
    await backOffPassed();
    await retry();
    expect(await groupFiles(group.id)).toEqual(stored);
    expect((await anna.client.get(expense.imageUrl)).status).toBe(200);
  });
});

describe('the retry loop', () => {
  const storeObjects = async (prefix: string, count: number) => {
    const keys = Array.from({ length: count }, (_, i) => `receipts/${prefix}/${String(i).padStart(3, '0')}`);
    for (const key of keys) await s3.storage.put(key, Buffer.from(key), 'image/jpeg');
    return keys;
  };

  it('started with the server, deletes what an earlier process recorded and could not delete', async () => {
    const prefix = crypto.randomUUID();
    const keys = await storeObjects(prefix, 3);
    await queueFileDeletions(db(), keys);
    const retrier = startFileDeletionRetrier({ db: db(), storage: server.storage, logger }, { firstMs: 1, everyMs: 20 });
    for (let i = 0; i < 250 && (await recorded(keys)).length > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    await retrier.stop();
    expect(await recorded(keys)).toEqual([]);
    expect(await s3.keys(`receipts/${prefix}/`)).toEqual([]);
  });

  it('run by two processes at once deletes each file once, recording it twice changes nothing', async () => {
    const prefix = crypto.randomUUID();
    const keys = await storeObjects(prefix, 120);
    await queueFileDeletions(db(), keys);
    await queueFileDeletions(db(), keys.slice(0, 10));
    const [first, second] = await Promise.all([retry(), retry()]);
    expect(first + second).toBe(120);
    expect(await recorded(keys)).toEqual([]);
    expect(await s3.keys(`receipts/${prefix}/`)).toEqual([]);
  });
});

describe('a file the store keeps refusing', () => {
  it('waits its growing back-off without holding back the files recorded with it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-refusing-'));
    const storage = createLocalStorage(root);
    const prefix = `receipts/${crypto.randomUUID()}`;
    // A folder where a file should be: deleting it fails every time, as a key the store refuses would.
    fs.mkdirSync(path.join(root, prefix, 'refused', 'inside'), { recursive: true });
    const others = [`${prefix}/a`, `${prefix}/b`];
    for (const key of others) await storage.put(key, Buffer.from(key), 'image/jpeg');
    const deps = { db: db(), storage, logger };
    await queueFileDeletions(db(), [`${prefix}/refused`]);
    expect(await retryFileDeletions(deps)).toBe(0);
    await queueFileDeletions(db(), others);
    await backOffPassed();
    expect(await retryFileDeletions(deps)).toBe(2);
    for (const key of others) expect(await storage.get(key)).toBeNull();
    const [refused] = await db().select().from(fileDeletions).where(like(fileDeletions.storageKey, `${prefix}/%`));
    expect([refused?.storageKey, refused?.attempts]).toEqual([`${prefix}/refused`, 2]);
    expect(refused?.lastError).toMatch(/directory/i);
    await db().delete(fileDeletions).where(like(fileDeletions.storageKey, `${prefix}/%`));
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('the local folder store', () => {
  it('counts a missing folder as an outage: reads answer 503, deletions are recorded and done once it is back', async () => {
    const local = await startServer();
    try {
      const root = path.join(local.dataDir, 'files');
      const { group, people } = await groupOf(local, ['Anna']);
      const anna = people[0] as Person;
      const upload = () => anna.client.request('POST', `/api/groups/${group.id}/receipt-images`, photo, { 'content-type': 'image/jpeg' });
      const saved = [];
      for (let i = 0; i < 2; i += 1) {
        const imageId = (await upload()).body.imageId as string;
        const body = expenseBody(anna, people, { imageId });
        saved.push({ imageId, body, expense: (await anna.client.post(`/api/groups/${group.id}/expenses`, body)).body.expense });
      }
      const [gone, kept] = saved as [(typeof saved)[0], (typeof saved)[0]];

      // The volume holding the folder is unmounted: the folder is not there.
      fs.renameSync(root, `${root}-away`);
      expect((await anna.client.delete(`/api/expenses/${gone.body.id}`)).status).toBe(204);
      const read = await anna.client.get(kept.expense.imageUrl);
      expect([read.status, read.body.error.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
      expect((await upload()).body.error.code).toBe('STORAGE_UNAVAILABLE');

      fs.renameSync(`${root}-away`, root);
      expect(fs.existsSync(path.join(root, filesOf(group.id, gone.imageId)[0] ?? ''))).toBe(true);
      await backOffPassed(local);
      // The deleted expense's two files, and the two the failed upload may have begun.
      expect(await retryFileDeletions({ db: local.database.db, storage: local.storage, logger })).toBe(4);
      for (const key of filesOf(group.id, gone.imageId)) expect(fs.existsSync(path.join(root, key))).toBe(false);
      expect((await anna.client.get(kept.expense.imageUrl)).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
