import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptUploads, expenses } from '../../db/schema/index.ts';
import { insertMember } from '../../testing/factories.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';
import { sweepAbandonedUploads } from './pending-uploads.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';
import { startJobs } from '../../lib/jobs.ts';
import { uploadSweepJob } from './upload-sweeper.ts';

let server: TestServer;
let photo: Buffer;
beforeAll(async () => {
  server = await startServer();
  photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#f4efe6' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const logger = pino({ level: 'silent' });
const sweep = () => sweepAbandonedUploads({ db: db(), storage: server.storage, logger });
const filesOf = (groupId: string, imageId: string) => [
  `receipts/${groupId}/${imageId}`,
  `receipts/${groupId}/${imageId}.thumb`,
];

/** Which of the upload's two files (image, thumbnail) are still in storage. */
async function storedFiles(groupId: string, imageId: string): Promise<boolean[]> {
  return Promise.all(filesOf(groupId, imageId).map(async (key) => (await server.storage.get(key)) !== null));
}

async function upload(client: TestClient, groupId: string): Promise<string> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await server.fetch(
    new Request(`http://kvitt.test/api/groups/${groupId}/receipt-images`, {
      method: 'POST',
      headers: { cookie, origin: 'http://kvitt.test', 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { imageId: string }).imageId;
}

/** Moves an upload's creation back in time, as if the wizard had been abandoned that many hours ago. */
async function ageUpload(imageId: string, hours: number): Promise<void> {
  await db()
    .update(receiptUploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(receiptUploads.imageId, imageId));
}

const pendingRow = async (imageId: string) =>
  (await db().select().from(receiptUploads).where(eq(receiptUploads.imageId, imageId)))[0];

describe('receipt images uploaded but never saved', () => {
  it('records who uploaded which image to which group, with the keys of both files', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const imageId = await upload(people[1]!.client, group.id);
    const [imageKey, thumbKey] = filesOf(group.id, imageId);
    expect(await pendingRow(imageId)).toMatchObject({
      groupId: group.id,
      uploadedByUserId: people[1]!.userId,
      imageKey,
      thumbKey,
    });
  });

  it('are kept for 24 hours, then the sweep deletes row and files and the image can no longer be attached', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const imageId = await upload(anna.client, group.id);

    await ageUpload(imageId, 23);
    await sweep();
    expect(await pendingRow(imageId)).toBeDefined();
    expect(await storedFiles(group.id, imageId)).toEqual([true, true]);

    await ageUpload(imageId, 25);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await pendingRow(imageId)).toBeUndefined();
    expect(await storedFiles(group.id, imageId)).toEqual([false, false]);
    const late = await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people, { imageId }));
    expect([late.status, late.body.error.fields]).toEqual([400, { imageId: 'invalid' }]);
  });

  it("never touch a saved expense's image, however old, while removing an abandoned one beside it", async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const saved = await upload(anna.client, group.id);
    const abandoned = await upload(anna.client, group.id);
    const body = expenseBody(anna, people, { imageId: saved });
    expect((await anna.client.post(`/api/groups/${group.id}/expenses`, body)).status).toBe(201);
    expect(await pendingRow(saved)).toBeUndefined();
    await db()
      .update(expenses)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(expenses.id, body.id));
    await ageUpload(abandoned, 48);

    await sweep();
    expect(await storedFiles(group.id, abandoned)).toEqual([false, false]);
    expect(await storedFiles(group.id, saved)).toEqual([true, true]);
    const expense = (await anna.client.get(`/api/expenses/${body.id}`)).body.expense;
    expect(expense.imageId).toBe(saved);
    const image = await server.fetch(
      new Request(new URL(expense.imageUrl, 'http://kvitt.test'), {
        headers: { cookie: [...anna.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    );
    expect(image.status).toBe(200);
  });

  it('keep an image replaced in the edit dialog attached to nothing only until it is saved', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const body = expenseBody(anna, people, { imageId: await upload(anna.client, group.id) });
    await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    const replacement = await upload(anna.client, group.id);
    const { id: _id, ...fields } = body;
    const edited = await anna.client.patch(`/api/expenses/${body.id}`, { ...fields, imageId: replacement });
    expect(edited.body.expense.imageId).toBe(replacement);
    expect(await pendingRow(replacement)).toBeUndefined();
  });

  it('are deleted by two sweeps running at once exactly once each, as when several servers sweep', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    await sweep(); // whatever earlier tests left, so only this test's uploads are due
    const fresh = [];
    for (let i = 0; i < 4; i += 1) fresh.push(await upload(people[0]!.client, group.id));
    for (const id of fresh) await ageUpload(id, 30);
    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first + second).toBe(fresh.length);
    for (const id of fresh) expect(await storedFiles(group.id, id)).toEqual([false, false]);
  });

  it('are swept by the job the server starts on the job queue, which stops cleanly', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const imageId = await upload(people[0]!.client, group.id);
    await ageUpload(imageId, 25);
    const sweeper = await startJobs(server.database, logger, [uploadSweepJob({ db: db(), storage: server.storage, logger })], { pollSeconds: 0.5 });
    for (let i = 0; i < 100 && (await pendingRow(imageId)); i += 1) await new Promise((r) => setTimeout(r, 20));
    await sweeper.stop();
    expect(await pendingRow(imageId)).toBeUndefined();
    expect(await storedFiles(group.id, imageId)).toEqual([false, false]);
  });
});

describe('a pending receipt image', () => {
  it('uploaded to group A cannot be attached to an expense in group B, not even by a member of both', async () => {
    const { group: a, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const { group: b, people: inB } = await groupOf(server, ['Cilla']);
    const [cilla] = inB as [(typeof inB)[0]];
    const annaB = { ...anna, memberId: (await insertMember(db(), { groupId: b.id, userId: anna.userId })).id };
    const imageId = await upload(anna.client, a.id);

    const created = await anna.client.post(
      `/api/groups/${b.id}/expenses`,
      expenseBody(annaB, [annaB, cilla], { imageId }),
    );
    expect([created.status, created.body.error.fields]).toEqual([400, { imageId: 'invalid' }]);
    const inGroupB = expenseBody(annaB, [annaB, cilla]);
    await anna.client.post(`/api/groups/${b.id}/expenses`, inGroupB);
    const { id: _id, ...fields } = inGroupB;
    const edited = await anna.client.patch(`/api/expenses/${inGroupB.id}`, { ...fields, imageId });
    expect([edited.status, edited.body.error.fields]).toEqual([400, { imageId: 'invalid' }]);

    // Still waiting in A, where it belongs.
    expect(await pendingRow(imageId)).toMatchObject({ groupId: a.id });
    const inGroupA = await anna.client.post(`/api/groups/${a.id}/expenses`, expenseBody(anna, [anna, bo], { imageId }));
    expect([inGroupA.status, inGroupA.body.expense.imageId]).toEqual([201, imageId]);
  });

  it('is removed with its files when the group is deleted, whoever uploaded it', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const byOwner = await upload(anna.client, group.id);
    const byMember = await upload(bo.client, group.id);
    expect((await anna.client.delete(`/api/groups/${group.id}`)).status).toBe(204);
    expect(await storedFiles(group.id, byOwner)).toEqual([false, false]);
    expect(await storedFiles(group.id, byMember)).toEqual([false, false]);
    expect([await pendingRow(byOwner), await pendingRow(byMember)]).toEqual([undefined, undefined]);
  });

  it("is removed with the uploader's account in a group the uploader does not own, and others' uploads stay", async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const { group: owned, people: ownedBy } = await groupOf(server, ['Cilla']);
    await insertMember(db(), { groupId: owned.id, userId: bo.userId });
    const bosInAnnas = await upload(bo.client, group.id);
    const annasOwn = await upload(anna.client, group.id);
    const bosInOwned = await upload(bo.client, owned.id);
    const cillasOwn = await upload(ownedBy[0]!.client, owned.id);

    expect((await bo.client.delete('/api/account')).status).toBe(204);
    expect(await storedFiles(group.id, bosInAnnas)).toEqual([false, false]);
    expect(await storedFiles(owned.id, bosInOwned)).toEqual([false, false]);
    expect(await db().select().from(receiptUploads).where(eq(receiptUploads.uploadedByUserId, bo.userId))).toEqual([]);
    expect(await storedFiles(group.id, annasOwn)).toEqual([true, true]);
    expect(await storedFiles(owned.id, cillasOwn)).toEqual([true, true]);
  });

  it("goes with an owner's account when anyone uploaded it to a group that owner had", async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const bosUpload = await upload(bo.client, group.id);
    expect((await anna.client.delete('/api/account')).status).toBe(204);
    expect(await storedFiles(group.id, bosUpload)).toEqual([false, false]);
    expect(await pendingRow(bosUpload)).toBeUndefined();
  });
});
