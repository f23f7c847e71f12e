import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/precompress.ts';
import { chooseEncoding, compressAnswers } from './compression.ts';
import type { AppEnv } from './context.ts';
import { securityHeaders } from './security.ts';
import { mountWebApp } from './static.ts';

const big = { rows: Array.from({ length: 400 }, (_, i) => ({ id: i, merchant: `ICA Nära ${i}`, totalOre: i * 137 })) };

function apiApp() {
  const app = new Hono();
  app.use('/api/*', compressAnswers());
  app.get('/api/big', (c) => c.json(big));
  app.get('/api/small', (c) => c.json({ ok: true }));
  app.get('/api/csv', (c) => c.body('a;b\n'.repeat(1000), 200, { 'Content-Type': 'text/csv; charset=utf-8' }));
  app.get('/api/stream', (c) => c.body('data: x\n\n'.repeat(500), 200, { 'Content-Type': 'text/event-stream' }));
  return app;
}

describe('choosing an encoding', () => {
  it('prefers Brotli, falls back to gzip, and honours q=0 and a wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('API answers', () => {
  const app = apiApp();
  it('sends a large JSON answer as Brotli or gzip that decodes to the same JSON, with its length and Vary', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await app.request('/api/big', { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.get('Vary')).toContain('Accept-Encoding');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
      expect(bytes.byteLength).toBeLessThan(JSON.stringify(big).length / 4);
      expect(JSON.parse(decode(bytes).toString('utf8'))).toEqual(big);
    }
  });

  it('leaves small answers, streams and browsers without Accept-Encoding uncompressed', async () => {
    const small = await app.request('/api/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const plain = await app.request('/api/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
    const stream = await app.request('/api/stream', { headers: { 'Accept-Encoding': 'br' } });
    expect(stream.headers.get('Content-Encoding')).toBeNull();
    const csv = await app.request('/api/csv', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(csv.headers.get('Content-Encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe('a;b\n'.repeat(1000));
  });
});

describe('the built web app', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-web-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = `export const texts = ${JSON.stringify(big)};\n`;
  const html = `<!doctype html><html lang="sv"><head><title>Kvitt</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

  let totals: Awaited<ReturnType<typeof precompressFolder>>;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    fs.writeFileSync(path.join(dir, 'tiny.txt'), 'hej');
    fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Kvitt"}');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'void 0;');
    totals = await precompressFolder(dir);
  });

  it('is precompressed once at build time and sent as the copy the browser accepts', async () => {
    expect(totals.files).toBe(2);
    expect(fs.existsSync(path.join(dir, 'tiny.txt.br'))).toBe(false);

    const app = new Hono<AppEnv>();
    app.use(securityHeaders({ https: true }));
    mountWebApp(app, dir);
    const asset = await app.request('/assets/index-abc.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(asset.headers.get('Content-Encoding')).toBe('br');
    expect(asset.headers.get('Content-Type')).toMatch(/javascript/);
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    expect(zlib.brotliDecompressSync(Buffer.from(await asset.arrayBuffer())).toString()).toBe(script);

    const page = await app.request('/app/group/x', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers.get('Content-Encoding')).toBe('gzip');
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(zlib.gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(html);

    const plain = await app.request('/assets/index-abc.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toContain('Accept-Encoding');
    expect(await plain.text()).toBe(script);
  });

  it('sends the document policies with pages, and only what a script needs with a hashed asset', async () => {
    const app = new Hono<AppEnv>();
    app.use(securityHeaders({ https: true }));
    mountWebApp(app, dir);
    const page = await app.request('/app');
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(page.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    const asset = await app.request('/assets/index-abc.js');
    expect(asset.headers.get('Content-Security-Policy')).toBeNull();
    expect(asset.headers.get('X-Frame-Options')).toBeNull();
    expect(asset.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(asset.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(asset.headers.get('Strict-Transport-Security')).toContain('max-age=');
    for (const file of ['/manifest.webmanifest', '/favicon.svg']) {
      const plain = await app.request(file);
      expect([plain.status, plain.headers.get('Content-Security-Policy')]).toEqual([200, null]);
      expect(plain.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    // The service worker's own policy comes from its script's headers: it keeps them.
    expect((await app.request('/sw.js')).headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });
});
