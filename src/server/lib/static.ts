import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';
import { chooseEncoding } from './compression.ts';
import { dataPreloads, pageWithPreloads, routePreloadsReader, type IndexCopies } from './route-preloads.ts';

const TEXT_TYPES = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/** Whether the Cookie header carries `name`, or its `__Secure-` form (https): present, not necessarily valid. */
function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => {
    const key = pair.split('=')[0]?.trim();
    return key === name || key === `__Secure-${name}`;
  });
}

/** Every text answer varies by Accept-Encoding, also when sent uncompressed, so a cache never mixes the two. */
function varyByEncoding(c: Context): void {
  if (TEXT_TYPES.test(c.res.headers.get('Content-Type') ?? '')) c.header('Vary', 'Accept-Encoding');
}

/** index.html and its precompressed copies, read again only when the build changes it. */
function indexReader(indexFile: string): () => IndexCopies | undefined {
  let cached: IndexCopies | undefined;
  const optional = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
  return () => {
    if (!fs.existsSync(indexFile)) return undefined;
    const { mtimeMs } = fs.statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = {
        mtimeMs,
        identity: fs.readFileSync(indexFile),
        br: optional(`${indexFile}.br`),
        gzip: optional(`${indexFile}.gz`),
      };
    }
    return cached;
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and index.html for any
 * other path so the client router can show the page (or its 404). Text files go out as the Brotli or gzip copy the
 * build wrote beside them when the browser accepts it (decision 050).
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string, sessionCookie?: string): void {
  const readIndex = indexReader(path.join(webDir, 'index.html'));
  const readPreloads = routePreloadsReader(path.join(webDir, 'route-preloads.json'));
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        varyByEncoding(c);
      },
    }),
  );
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    return serveStatic({
      root,
      precompressed: true,
      onFound: (_path, ctx) => {
        ctx.header('Cache-Control', 'no-cache');
        varyByEncoding(ctx);
      },
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- serveStatic's handler takes any route's input
    })(c, next);
  });
  // A shared photo is the service worker's to receive (decision 047); a browser posting here without it still lands
  // on "Lägg till kvitto" rather than on an error.
  app.post('/app/share-target', (c) => c.redirect('/app/add-expense', 303));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.notFound();
    const index = readIndex();
    if (!index)
      return c.text('Kvitt: the web app is not built yet. Run `npm run build` (npm start does it for you).', 503);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const search = new URL(c.req.url).search;
    const page = pageWithPreloads(index, readPreloads(), c.req.path, search);
    const body = (encoding && page[encoding]) || page.identity;
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    // The page's first reads start with the page itself for a browser that has a session (decision 076).
    const signedIn = sessionCookie !== undefined && hasCookie(c.req.header('Cookie'), sessionCookie);
    const reads = signedIn ? dataPreloads(c.req.path, search) : '';
    if (reads) c.header('Link', reads);
    c.header('Vary', 'Accept-Encoding, Cookie');
    if (body !== index.identity && encoding) c.header('Content-Encoding', encoding === 'br' ? 'br' : 'gzip');
    return c.body(new Uint8Array(body));
  });
}
