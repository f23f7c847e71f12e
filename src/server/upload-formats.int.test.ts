import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_IMAGE_TYPES, RECEIPT_IMAGE_TYPES } from '#shared/api/image-types.ts';
import type { Person } from './testing/expense-suite.ts';
import { expenseBody, groupOf, startServer } from './testing/expense-suite.ts';
import { heicClaiming, heicPhoto, plainImage, pngClaiming, svgDrawing } from './testing/images/samples.ts';
import type { TestServer } from './testing/harness.ts';

let server: TestServer;
let anna: Person;
let people: Person[];
let groupId: string;
beforeAll(async () => {
  server = await startServer();
  const made = await groupOf(server, ['Anna']);
  [people, groupId] = [made.people, made.group.id];
  anna = people[0] as Person;
});
afterAll(async () => server?.close());

// Every refused file is declared as the type it pretends to be: only its bytes may decide.
const putGroupImage = (bytes: Buffer, type = 'image/png') =>
  anna.client.request('PUT', `/api/groups/${groupId}/image`, bytes, { 'content-type': type });
const postReceiptImage = (bytes: Buffer, type = 'image/jpeg') =>
  anna.client.request('POST', `/api/groups/${groupId}/receipt-images`, bytes, { 'content-type': type });
const answer = (res: { status: number; body: { error?: { code: string } } }) => [res.status, res.body.error?.code];
const INVALID = [400, 'INVALID_IMAGE'];

describe('the group image', () => {
  it('refuses an SVG, an AVIF, a GIF and a HEIC named as a PNG, by their bytes', async () => {
    const pretenders = { svg: svgDrawing(), avif: await plainImage('avif'), gif: await plainImage('gif'), heic: heicPhoto() };
    for (const [format, bytes] of Object.entries(pretenders)) {
      expect([format, ...answer(await putGroupImage(bytes))]).toEqual([format, ...INVALID]);
    }
  });

  it('refuses a PNG whose header claims 225 megapixels', async () => {
    expect(answer(await putGroupImage(pngClaiming(15_000, 15_000)))).toEqual(INVALID);
  });

  it('accepts JPEG, PNG and WebP whatever type they are declared as', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const res = await putGroupImage(await plainImage(format), 'image/png');
      expect([format, res.status]).toEqual([format, 200]);
    }
  });
});

describe('a receipt image', () => {
  it('refuses an SVG, an AVIF and a TIFF named as a JPEG, by their bytes', async () => {
    const pretenders = { svg: svgDrawing(), avif: await plainImage('avif'), tiff: await plainImage('tiff') };
    for (const [format, bytes] of Object.entries(pretenders)) {
      expect([format, ...answer(await postReceiptImage(bytes))]).toEqual([format, ...INVALID]);
    }
  });

  it('refuses pixel bombs in PNG and in HEIC, by the size their header claims', async () => {
    expect(answer(await postReceiptImage(pngClaiming(15_000, 15_000)))).toEqual(INVALID);
    expect(answer(await postReceiptImage(heicClaiming(20_000, 20_000), 'image/heic'))).toEqual(INVALID);
  });

  it('accepts an iPhone HEIC sent without a type the browser knows, and serves it as an upright JPEG', async () => {
    const uploaded = await postReceiptImage(heicPhoto(), 'application/octet-stream');
    expect(uploaded.status).toBe(201);
    const body = expenseBody(anna, people, { imageId: uploaded.body.imageId });
    const created = await anna.client.post(`/api/groups/${groupId}/expenses`, body);
    const cookie = [...anna.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const image = await server.fetch(new Request(new URL(created.body.expense.imageUrl, 'http://kvitt.test'), { headers: { cookie } }));
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([image.status, meta.format, meta.width, meta.height]).toEqual([200, 'jpeg', 320, 240]);
  });

  it('accepts a GIF, which its contract allows', async () => {
    expect((await postReceiptImage(await plainImage('gif'), 'image/gif')).status).toBe(201);
  });
});

describe('the contract', () => {
  it('names for each upload the formats its server check accepts', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    const groupImage = doc.paths['/api/groups/{groupId}/image'].put.requestBody.content;
    expect(Object.keys(groupImage)).toEqual([...GROUP_IMAGE_TYPES]);
    const receiptImage = doc.paths['/api/groups/{groupId}/receipt-images'].post.requestBody.content;
    expect(Object.keys(receiptImage)).toEqual([...RECEIPT_IMAGE_TYPES, 'application/octet-stream']);
    expect(receiptImage['image/heic'].schema.description).toBe('JPEG, PNG, WebP, GIF, HEIC bytes; checked by content');
  });
});
