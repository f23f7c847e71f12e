import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';

let server: TestServer;
let photo: Buffer;
beforeAll(async () => {
  server = await startServer();
  // A phone photo: 800×600 stored sideways with orientation 6, the camera model and a GPS-like comment in EXIF.
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4efe6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15', ImageDescription: 'Kungsgatan 1, Stockholm' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
});
afterAll(async () => server?.close());

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Posts raw bytes as the wizard does (the harness client only speaks JSON and forms). */
async function upload(client: TestClient, groupId: string, bytes: Buffer, type = 'image/jpeg') {
  const request = new Request(`http://kvitt.test/api/groups/${groupId}/receipt-images`, {
    method: 'POST',
    headers: { cookie: cookieOf(client), origin: 'http://kvitt.test', 'content-type': type },
    body: new Uint8Array(bytes),
  });
  const response = await server.fetch(request);
  return { status: response.status, body: (await response.json()) as { imageId: string; error: { code: string } } };
}

async function fetchBytes(client: TestClient, url: string) {
  const response = await server.fetch(
    new Request(new URL(url, 'http://kvitt.test'), { headers: { cookie: cookieOf(client) } }),
  );
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('receipt images', () => {
  it('stores an upright JPEG without EXIF and a thumbnail, and serves both privately to members only', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    expect(photo.includes(Buffer.from('Kungsgatan'))).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const uploaded = await upload(anna.client, group.id, photo);
    expect(uploaded.status).toBe(201);
    const created = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, people, { imageId: uploaded.body.imageId }),
    );
    const { imageUrl, thumbnailUrl } = created.body.expense;
    expect(imageUrl).toMatch(/^\/api\/expenses\/[0-9a-f-]+\/image\?v=/);

    const image = await fetchBytes(bo.client, imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toMatch(/^private/);
    const meta = await sharp(image.body).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([600, 800, undefined, undefined]);
    expect(image.body.includes(Buffer.from('Kungsgatan'))).toBe(false);

    const thumb = await fetchBytes(bo.client, thumbnailUrl);
    const thumbMeta = await sharp(thumb.body).metadata();
    expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBeLessThanOrEqual(400);

    const { people: outsiders } = await groupOf(server, ['Utomstående']);
    expect((await fetchBytes(outsiders[0]!.client, imageUrl)).status).toBe(404);
    expect((await fetchBytes(outsiders[0]!.client, thumbnailUrl)).status).toBe(404);
    expect((await fetchBytes(server.client(), imageUrl)).status).toBe(401);
  });

  it('checks the content, not the name or declared type: a text file called a JPEG is refused', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const fake = Buffer.from('Detta är inte en bild, bara text som låtsas vara kvitto.jpg'.repeat(10));
    const res = await upload(people[0]!.client, group.id, fake);
    expect([res.status, res.body.error.code]).toEqual([400, 'INVALID_IMAGE']);
    const empty = await upload(people[0]!.client, group.id, Buffer.alloc(0));
    expect(empty.body.error.code).toBe('INVALID_IMAGE');
  });

  it('accepts a PNG sent without a declared image type', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const png = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#ffffff80' } })
      .png()
      .toBuffer();
    expect((await upload(people[0]!.client, group.id, png, 'application/octet-stream')).status).toBe(201);
  });

  it('refuses a file over 10 MB with PAYLOAD_TOO_LARGE', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const huge = Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(people[0]!.client, group.id, huge);
    expect([res.status, res.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('refuses uploads to a group the caller is not in', async () => {
    const { group } = await groupOf(server, ['Anna']);
    const { people: outsiders } = await groupOf(server, ['Utomstående']);
    const res = await upload(outsiders[0]!.client, group.id, photo);
    expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('replaces, removes and finally deletes the stored files with the expense', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const first = (await upload(anna.client, group.id, photo)).body.imageId;
    const body = expenseBody(anna, people, { imageId: first });
    await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    const { id: _id, imageId: _image, ...fields } = body;
    // Another expense cannot take over an image that is already attached.
    const stolen = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, people, { imageId: first }),
    );
    expect(stolen.body.error).toEqual({
      code: 'VALIDATION',
      fields: { imageId: 'invalid' },
      requestId: expect.any(String),
    });

    const kept = await anna.client.patch(`/api/expenses/${body.id}`, { ...fields, note: 'ändrad' });
    expect(kept.body.expense.imageId).toBe(first);
    const second = (await upload(anna.client, group.id, photo)).body.imageId;
    const replaced = await anna.client.patch(`/api/expenses/${body.id}`, { ...fields, imageId: second });
    expect(replaced.body.expense.imageId).toBe(second);
    expect(await server.storage.get(`receipts/${group.id}/${first}`)).toBeNull();

    const removed = await anna.client.patch(`/api/expenses/${body.id}`, { ...fields, imageId: null });
    expect([removed.body.expense.imageUrl, removed.body.expense.thumbnailUrl]).toEqual([null, null]);
    expect(await server.storage.get(`receipts/${group.id}/${second}`)).toBeNull();

    const third = (await upload(anna.client, group.id, photo)).body.imageId;
    await anna.client.patch(`/api/expenses/${body.id}`, { ...fields, imageId: third });
    await anna.client.delete(`/api/expenses/${body.id}`);
    expect(await server.storage.get(`receipts/${group.id}/${third}`)).toBeNull();
    expect(await server.storage.get(`receipts/${group.id}/${third}.thumb`)).toBeNull();
  });
});
