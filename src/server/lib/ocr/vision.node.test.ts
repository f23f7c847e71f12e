import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrPool } from './local-reader.ts';
import type { OcrPool } from './local-reader.ts';
import { createReceiptReader } from './reader.ts';
import { OFFLINE_WORKER_PATH } from './testing/network-guard.ts';
import { icaReceiptPhoto } from './testing/receipts.ts';
import { createVisionReader } from './vision.ts';

const TODAY = '2026-01-31';

type Reply = { status: number; delayMs?: number; body: unknown };
type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: any };

/** A stand-in for an OpenAI-compatible API on localhost that answers what the test tells it to. */
async function fakeModelServer() {
  const received: Received[] = [];
  let reply: Reply = { status: 500, body: {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || '{}'),
      });
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    answer: (next: Reply) => (reply = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const completion = (content: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'test-vision',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(content) } }],
});

const ANSWER = {
  total: '217.75',
  currency: 'SEK',
  date: '2024-03-15',
  merchant: 'ICA Nära Hjorthagen',
  category: 'mat',
  items: [{ description: 'Mjölk', amount: '18.95' }],
};

describe('reading receipts with a vision model', () => {
  let server: Awaited<ReturnType<typeof fakeModelServer>>;
  let local: OcrPool;
  let photo: Buffer;

  beforeAll(async () => {
    server = await fakeModelServer();
    local = await createOcrPool({ workers: 1, timeoutMs: 90_000, workerPath: OFFLINE_WORKER_PATH });
    photo = (await icaReceiptPhoto({ seed: 3 })).image;
  });

  afterAll(async () => {
    await local?.close();
    await server?.close();
  });

  const reader = (timeoutMs = 5_000) =>
    createReceiptReader({
      local,
      vision: createVisionReader({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'test-vision', timeoutMs }),
    });

  it('sends a chat-completions request with the stripped image and a strict JSON schema', async () => {
    server.answer({ status: 200, body: completion(ANSWER) });
    const result = await reader().read(photo, { today: TODAY });
    expect(result).toEqual({
      totalOre: 21775,
      date: '2024-03-15',
      merchant: 'ICA Nära Hjorthagen',
      category: 'mat',
      currency: 'SEK',
      items: [{ description: 'Mjölk', amountOre: 1895 }],
      source: 'vision',
    });
    const request = server.received.at(-1) as Received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('test-vision');
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.response_format.json_schema.strict).toBe(true);
    const parts = request.body.messages.at(-1).content as Array<{ type: string; image_url?: { url: string } }>;
    const url = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const sent = await sharp(Buffer.from(url.split(',')[1] ?? '', 'base64')).metadata();
    expect(sent.format).toBe('jpeg');
    expect(sent.exif).toBeUndefined();
  });

  it('keeps money exact and drops a date after the upload day', async () => {
    server.answer({ status: 200, body: completion({ ...ANSWER, total: '1 234,50', date: '2026-02-01' }) });
    const result = await reader().read(photo, { today: TODAY });
    expect(result.totalOre).toBe(123450);
    expect(result.date).toBeNull();
  });

  it('falls back to the local reader when the model answers HTTP 500', async () => {
    server.answer({ status: 500, body: { error: { message: 'overloaded' } } });
    const result = await reader().read(photo, { today: TODAY });
    expect(result.source).toBe('local');
    expect(result.totalOre).toBe(21775);
  });

  it('falls back to the local reader when the model does not answer in time', async () => {
    server.answer({ status: 200, delayMs: 3_000, body: completion(ANSWER) });
    const result = await reader(300).read(photo, { today: TODAY });
    expect(result.source).toBe('local');
  });

  it('falls back to the local reader when the answer breaks the schema', async () => {
    server.answer({ status: 200, body: completion({ total: 217.75, merchant: 'ICA' }) });
    const result = await reader().read(photo, { today: TODAY });
    expect(result.source).toBe('local');
  });
});
