import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError, createLocalStorage, createS3Storage } from './storage.ts';
import type { Storage } from './storage.ts';

/**
 * A minimal S3 endpoint (path-style PutObject, GetObject, DeleteObject) answering as S3 does, including the
 * NoSuchKey XML error; it records the signed requests so the test can check what the SDK actually sent.
 */
async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: Array<{ method: string; url: string; authorization: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3');
      requests.push({ method: req.method ?? '', url: url.pathname, authorization: req.headers.authorization });
      const key = decodeURIComponent(url.pathname);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] ?? 'application/octet-stream' });
        res.writeHead(200, { etag: '"1"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          res.writeHead(404, { 'content-type': 'application/xml' });
          res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
          return;
        }
        res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, objects, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function behavesAsStorage(name: string, make: () => Storage) {
  describe(name, () => {
    it('returns what was stored with its content type, and nothing after delete', async () => {
      const storage = make();
      const body = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
      await storage.put('receipts/g1/a.jpg', body, 'image/jpeg');
      expect(await storage.get('receipts/g1/a.jpg')).toEqual({ body, contentType: 'image/jpeg' });
      await storage.delete('receipts/g1/a.jpg');
      expect(await storage.get('receipts/g1/a.jpg')).toBeNull();
    });

    it('answers null for a key that never existed and refuses keys that climb out of the store', async () => {
      const storage = make();
      expect(await storage.get('receipts/none.jpg')).toBeNull();
      await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
      await expect(storage.get('/absolute')).rejects.toThrow(/unsafe/);
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-storage-'));
let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

behavesAsStorage('local folder storage', () => createLocalStorage(dir));
behavesAsStorage('S3-compatible storage', () =>
  createS3Storage({ endpoint: s3.url, region: 'eu-north-1', bucket: 'kvitt', accessKeyId: 'test', secretAccessKey: 'test-secret' }),
);

describe('S3 requests', () => {
  it('addresses the bucket path-style and signs every request with AWS Signature V4', async () => {
    const storage = createS3Storage({ endpoint: s3.url, region: 'eu-north-1', bucket: 'kvitt', accessKeyId: 'AKID', secretAccessKey: 'secret' });
    await storage.put('groups/x.png', Buffer.from('png'), 'image/png');
    const last = s3.requests.at(-1);
    expect(last?.url).toBe('/kvitt/groups/x.png');
    expect(last?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/eu-north-1\/s3\/aws4_request/);
  });
});

describe('a store that is down', () => {
  it('answers STORAGE_UNAVAILABLE for every operation on S3 when nothing listens at the endpoint', async () => {
    const gone = await startFakeS3();
    await gone.close();
    const storage = createS3Storage({ endpoint: gone.url, region: 'eu-north-1', bucket: 'kvitt', accessKeyId: 'a', secretAccessKey: 'b' });
    for (const operation of [() => storage.put('a.jpg', Buffer.from('x'), 'image/jpeg'), () => storage.get('a.jpg'), () => storage.delete('a.jpg')]) {
      await expect(operation()).rejects.toMatchObject({ name: 'StorageUnavailableError', code: 'STORAGE_UNAVAILABLE', status: 503 });
    }
  });

  it('counts a folder that has gone as an outage, not as a missing or deleted file', async () => {
    const root = path.join(dir, 'volume');
    const storage = createLocalStorage(root);
    await storage.put('receipts/g1/b.jpg', Buffer.from('x'), 'image/jpeg');
    fs.renameSync(root, `${root}-unmounted`);
    for (const operation of [() => storage.get('receipts/g1/b.jpg'), () => storage.delete('receipts/g1/b.jpg'), () => storage.put('c.jpg', Buffer.from('y'), 'image/jpeg')]) {
      await expect(operation()).rejects.toBeInstanceOf(StorageUnavailableError);
    }
    fs.renameSync(`${root}-unmounted`, root);
    expect((await storage.get('receipts/g1/b.jpg'))?.body.toString()).toBe('x');
    expect(await storage.get('receipts/g1/none.jpg')).toBeNull();
  });
});
