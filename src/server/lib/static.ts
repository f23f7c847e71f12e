import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and index.html for any
 * other path so the client router can show the page (or its 404).
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = path.join(webDir, 'index.html');
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    return serveStatic({ root, onFound: (_path, ctx) => ctx.header('Cache-Control', 'no-cache') })(c, next);
  });
  // A shared photo is the service worker's to receive (decision 047); a browser posting here without it still lands
  // on "Lägg till kvitto" rather than on an error.
  app.post('/app/share-target', (c) => c.redirect('/app/add-expense', 303));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text('Kvitt: the web app is not built yet. Run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
