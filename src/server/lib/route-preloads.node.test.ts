import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { routePreloads } from '../../../scripts/route-preloads.ts';
import type { AppEnv } from './context.ts';
import { matchRoute } from './route-preloads.ts';
import { mountWebApp } from './static.ts';

const patterns = ['/', '/app', '/app/group/:groupId', '/app/group/:groupId/settings', '/app/*', '/invite/:token', '/*'];

describe('matchRoute', () => {
  it('chooses the pattern the client router would: fixed segments before params, params before splats', () => {
    expect(matchRoute(patterns, '/')).toBe('/');
    expect(matchRoute(patterns, '/app')).toBe('/app');
    expect(matchRoute(patterns, '/app/')).toBe('/app');
    expect(matchRoute(patterns, '/app/group/g1')).toBe('/app/group/:groupId');
    expect(matchRoute(patterns, '/app/group/g1/settings')).toBe('/app/group/:groupId/settings');
    expect(matchRoute(patterns, '/app/group/g1/other')).toBe('/app/*');
    expect(matchRoute(patterns, '/invite/abc')).toBe('/invite/:token');
    expect(matchRoute(patterns, '/no/such/page')).toBe('/*');
    expect(matchRoute(['/app'], '/auth')).toBeUndefined();
  });
});

describe('route preloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_query-1.js': { file: 'assets/query-1.js', imports: ['_react-1.js'] },
    'app/app-layout.tsx': { file: 'assets/app-layout-1.js', imports: ['_query-1.js', 'index.html'] },
    'features/groups/groups-page.tsx': { file: 'assets/groups-page-1.js', imports: ['_query-1.js'] },
  };
  const table = [
    {
      path: '/app',
      module: 'app/app-layout.tsx',
      children: [{ index: true, module: 'features/groups/groups-page.tsx' }],
    },
  ] as const;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-preloads-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists each page with its layouts and their imports, less what the entry already loads', () => {
    expect(routePreloads(manifest, table)).toEqual([
      { path: '/app', files: ['/assets/app-layout-1.js', '/assets/query-1.js', '/assets/groups-page-1.js'] },
    ]);
  });

  it('names them in the page the server sends for that path, compressed as the browser accepts', async () => {
    const html = '<!doctype html><html><head><title>Kvitt</title></head><body></body></html>';
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(routePreloads(manifest, table)));
    const app = new Hono<AppEnv>();
    mountWebApp(app, dir);
    const page = await app.request('/app', { headers: { 'Accept-Encoding': 'br' } });
    expect(page.headers.get('Content-Encoding')).toBe('br');
    const text = zlib.brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString();
    expect(text).toContain('<link rel="modulepreload" crossorigin href="/assets/groups-page-1.js"></head>');
    expect(text.match(/modulepreload/g)).toHaveLength(3);
    expect(await (await app.request('/auth')).text()).toBe(html);
  });

  it('names the open tab’s scripts with a page’s own, the first tab’s for none or an unknown one', async () => {
    const tabbed = {
      ...manifest,
      'app/group-page.tsx': { file: 'assets/group-page-1.js', imports: ['_query-1.js'] },
      'features/settlement/balance-tab.tsx': { file: 'assets/balance-tab-1.js' },
      'features/expenses/expenses-tab.tsx': { file: 'assets/expenses-tab-1.js', imports: ['_query-1.js'] },
    };
    const groupTable = [
      {
        path: '/app/group/:groupId',
        module: 'app/group-page.tsx',
        tabs: [
          { id: 'balance', module: 'features/settlement/balance-tab.tsx' },
          { id: 'receipts', module: 'features/expenses/expenses-tab.tsx' },
        ],
      },
    ] as const;
    const routes = routePreloads(tabbed, groupTable);
    expect(routes).toEqual([
      {
        path: '/app/group/:groupId',
        files: ['/assets/group-page-1.js', '/assets/query-1.js', '/assets/balance-tab-1.js'],
      },
      {
        path: '/app/group/:groupId',
        tab: 'receipts',
        files: ['/assets/group-page-1.js', '/assets/query-1.js', '/assets/expenses-tab-1.js'],
      },
    ]);
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(routes));
    const app = new Hono<AppEnv>();
    mountWebApp(app, dir);
    const scripts = async (url: string) =>
      [...(await (await app.request(url)).text()).matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(await scripts('/app/group/g1?tab=receipts')).toContain('/assets/expenses-tab-1.js');
    expect(await scripts('/app/group/g1?tab=receipts')).not.toContain('/assets/balance-tab-1.js');
    expect(await scripts('/app/group/g1')).toContain('/assets/balance-tab-1.js');
    expect(await scripts('/app/group/g1?tab=nonsense')).toContain('/assets/balance-tab-1.js');
    expect(await scripts('/app/group/g1?tab=receipts')).not.toEqual(await scripts('/app/group/g1'));
  });

  it('names the session check and the page’s first reads as preloads only for a browser with a session cookie', async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const app = new Hono<AppEnv>();
    mountWebApp(app, dir, 'kvitt.session_token');
    const group = '/app/group/6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
    const signedIn = await app.request(`${group}?tab=members`, { headers: { Cookie: 'a=1; kvitt.session_token=t' } });
    expect(signedIn.headers.get('Link')).toBe(
      [
        '</api/auth/get-session>; rel=preload; as=fetch; crossorigin',
        '</api/groups/6f1c2d3e-4a5b-4c6d-8e7f-901234567890>; rel=preload; as=fetch; crossorigin',
        '</api/groups/6f1c2d3e-4a5b-4c6d-8e7f-901234567890/members>; rel=preload; as=fetch; crossorigin',
      ].join(', '),
    );
    expect(signedIn.headers.get('Vary')).toContain('Cookie');
    const secure = await app.request('/app', { headers: { Cookie: '__Secure-kvitt.session_token=t' } });
    expect(secure.headers.get('Link')).toContain('</api/overview>');
    expect(
      (await app.request(group, { headers: { Cookie: 'kvitt.session_token_other=t' } })).headers.get('Link'),
    ).toBeNull();
    expect((await app.request(group)).headers.get('Link')).toBeNull();
  });
});
