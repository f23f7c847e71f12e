import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainImage } from '../../testing/images/samples.ts';
import { createOcrPool } from '../../lib/ocr/index.ts';
import type { OcrPool } from '../../lib/ocr/index.ts';
import { OFFLINE_WORKER_PATH } from '../../lib/ocr/testing/network-guard.ts';
import { icaReceiptPhoto } from '../../lib/ocr/testing/receipts.ts';
import { insertGroup, insertMember, insertExpense } from '../../testing/factories.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

async function groupOfThree() {
  const anna = await server.signUp({ name: 'Anna' });
  const bo = await server.signUp({ name: 'Bo' });
  const cilla = await server.signUp({ name: 'Cilla' });
  const db = server.database.db;
  const { group, owner } = await insertGroup(db, { ownerId: anna.user.id });
  const b = await insertMember(db, { groupId: group.id, userId: bo.user.id });
  const c = await insertMember(db, { groupId: group.id, userId: cilla.user.id });
  return { anna, bo, cilla, group, members: { a: owner.id, b: b.id, c: c.id } };
}

describe('participant suggestion', () => {
  it('suggests the two who always share the wine and all three for groceries, learned from the group', async () => {
    const { anna, group, members } = await groupOfThree();
    const db = server.database.db;
    for (let day = 1; day <= 6; day += 1) {
      const date = `2026-10-${String(day * 2).padStart(2, '0')}`;
      await insertExpense(db, { groupId: group.id, payerMemberId: members.a, totalOre: 30_000, merchant: 'Systembolaget', category: 'nöje', expenseDate: date,
        shares: [{ memberId: members.a, shareOre: 15_000 }, { memberId: members.b, shareOre: 15_000 }] });
      await insertExpense(db, { groupId: group.id, payerMemberId: members.c, totalOre: 90_000, merchant: 'ICA Maxi', category: 'mat', expenseDate: date,
        shares: [{ memberId: members.a, shareOre: 30_000 }, { memberId: members.b, shareOre: 30_000 }, { memberId: members.c, shareOre: 30_000 }] });
    }
    const wine = await anna.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'systembolaget', category: 'nöje', amountOre: 28_000 });
    expect(wine.status).toBe(200);
    expect(wine.body.memberIds).toEqual([members.a, members.b]);
    const food = await anna.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'ICA Maxi', category: 'mat', amountOre: 85_000 });
    expect(food.body.memberIds).toEqual([members.a, members.b, members.c]);
  });

  it('suggests everyone in a group without history', async () => {
    const { bo, group, members } = await groupOfThree();
    const res = await bo.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'Pizzeria', category: 'mat', amountOre: 40_000 });
    expect(res.body.memberIds).toEqual([members.a, members.b, members.c]);
  });

  it('answers NOT_FOUND to someone outside the group and VALIDATION without a merchant', async () => {
    const { anna, group } = await groupOfThree();
    const stranger = await server.signUp();
    const outside = await stranger.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'ICA', category: 'mat', amountOre: 100 });
    expect([outside.status, outside.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const blank = await anna.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: '  ', category: 'mat', amountOre: 100 });
    expect(blank.body.error).toMatchObject({ code: 'VALIDATION', fields: { merchant: 'required' } });
  });
});

describe('receipt reading route', () => {
  it('answers OCR_UNAVAILABLE when the server runs without a reader, and UNAUTHENTICATED when signed out', async () => {
    const { anna } = await groupOfThree();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), 'kvitto.jpg');
    const res = await anna.client.request('POST', '/api/receipts/ocr', form);
    expect([res.status, res.body.error.code]).toEqual([503, 'OCR_UNAVAILABLE']);
    const anonymous = await server.client().request('POST', '/api/receipts/ocr', form);
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('publishes both ways of reading, a file or an uploaded image by id, in /api/openapi.json', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    const form = doc.paths['/api/receipts/ocr'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties).sort()).toEqual(['groupId', 'image', 'imageId']);
    expect(form.required ?? []).toEqual([]);
  });
});

const imageForm = (bytes: Uint8Array, type: string, name: string) => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

const storedImageForm = (groupId: string, imageId: string) => {
  const form = new FormData();
  form.append('groupId', groupId);
  form.append('imageId', imageId);
  return form;
};

// The real pipeline: sharp, tesseract.js in a worker whose network is shut, the Swedish parser. Each reading costs
// a second or more of CPU, so these tests stay few and share one pool and one rendered photo.
describe('receipt reading with the tesseract pool', () => {
  let reading: TestServer;
  let pool: OcrPool;
  let photo: Awaited<ReturnType<typeof icaReceiptPhoto>>;
  beforeAll(async () => {
    pool = await createOcrPool({ workers: 1, timeoutMs: 60_000, workerPath: OFFLINE_WORKER_PATH });
    reading = await createTestServer({ receiptReader: pool });
    // The rendering the OCR library's own test holds its tuning to (ocr.node.test.ts), so a change there shows there.
    photo = await icaReceiptPhoto({ seed: 3 });
  }, 60_000);
  afterAll(async () => {
    await reading?.close();
    await pool?.close();
  });

  async function uploadToGroup(client: TestClient, groupId: string, bytes: Buffer) {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await reading.fetch(
      new Request(`http://kvitt.test/api/groups/${groupId}/receipt-images`, {
        method: 'POST',
        headers: { cookie, origin: 'http://kvitt.test', 'content-type': 'image/jpeg' },
        body: new Uint8Array(bytes),
      }),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { imageId: string }).imageId;
  }

  it('reads the total and the date of a photographed ICA receipt sent as a file', async () => {
    const anna = await reading.signUp({ name: 'Anna' });
    const res = await anna.client.request('POST', '/api/receipts/ocr', imageForm(photo.image, 'image/jpeg', 'ica.jpg'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalOre: photo.receipt.expected.totalOre, date: photo.receipt.expected.date, source: 'local' });
  }, 60_000);

  it('reads an image already uploaded to the group by its id, for members only', async () => {
    const anna = await reading.signUp({ name: 'Anna' });
    const { group } = await insertGroup(reading.database.db, { ownerId: anna.user.id });
    const imageId = await uploadToGroup(anna.client, group.id, photo.image);

    const res = await anna.client.request('POST', '/api/receipts/ocr', storedImageForm(group.id, imageId));
    expect(res.status).toBe(200);
    expect([res.body.totalOre, res.body.date]).toEqual([photo.receipt.expected.totalOre, photo.receipt.expected.date]);

    const stranger = await reading.signUp();
    const outside = await stranger.client.request('POST', '/api/receipts/ocr', storedImageForm(group.id, imageId));
    expect([outside.status, outside.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await anna.client.request('POST', '/api/receipts/ocr', storedImageForm(group.id, crypto.randomUUID()));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const traversal = await anna.client.request('POST', '/api/receipts/ocr', storedImageForm(group.id, '../../etc/passwd'));
    expect([traversal.status, traversal.body.error.code]).toEqual([404, 'NOT_FOUND']);
  }, 60_000);

  it('answers INVALID_IMAGE for an upload that is not an image', async () => {
    const anna = await reading.signUp({ name: 'Anna' });
    const text = new TextEncoder().encode('Det här är inget kvitto, bara text i en fil.\n'.repeat(20));
    const res = await anna.client.request('POST', '/api/receipts/ocr', imageForm(text, 'image/jpeg', 'kvitto.jpg'));
    expect([res.status, res.body.error.code]).toEqual([400, 'INVALID_IMAGE']);
  });
});

describe('a reading that runs out of time', () => {
  it('answers OCR_TIMEOUT, not the OCR_UNAVAILABLE of a server without a reader', async () => {
    // A real pool whose limit no image can meet: the worker is stopped and replaced, as in production.
    const pool = await createOcrPool({ workers: 1, timeoutMs: 1, workerPath: OFFLINE_WORKER_PATH });
    const slow = await createTestServer({ receiptReader: pool });
    try {
      const anna = await slow.signUp({ name: 'Anna' });
      const photo = await plainImage('jpeg', 800);
      const res = await anna.client.request('POST', '/api/receipts/ocr', imageForm(photo, 'image/jpeg', 'kvitto.jpg'));
      expect([res.status, res.body.error.code]).toEqual([503, 'OCR_TIMEOUT']);
      const without = await (await server.signUp()).client.request('POST', '/api/receipts/ocr', imageForm(photo, 'image/jpeg', 'kvitto.jpg'));
      expect([without.status, without.body.error.code]).toEqual([503, 'OCR_UNAVAILABLE']);
    } finally {
      await slow.close();
      await pool.close();
    }
  }, 60_000);
});
