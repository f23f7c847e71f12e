/**
 * `npm run size`: the gzipped JavaScript each route makes the browser load before it can show the page, i.e. the
 * entry chunk and the route's lazy modules (layouts plus page), each with their static imports, counted once. A row
 * may add lazy modules the page fetches at once beside its data (`also`, e.g. the group page's open tab), so a page
 * that splits its content into lazy parts is still measured with what it shows first.
 * Exits non-zero when a route is over its budget. Reads dist/web from `vite build` and the route table the router uses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { matchRoutes, type RouteObject } from 'react-router';
import { routeTable, type RouteEntry } from '../src/web/app/route-modules.ts';

const distDir = join(import.meta.dirname, '..', 'dist', 'web');
const manifestPath = join(distDir, '.vite', 'manifest.json');
const ENTRY = 'index.html';
const KB = 1000;

const groupTab = (tab: string, module: string) => ({
  label: `  ?tab=${tab}`,
  url: '/app/group/x',
  budgetKb: 220,
  also: [module],
});

/** Budgets in kB gzipped (decision 007): public pages 120, the signed-in app 220. */
const budgets: { label: string; url: string; budgetKb: number; also?: string[] }[] = [
  { label: '/', url: '/', budgetKb: 120 },
  { label: '/auth', url: '/auth', budgetKb: 120 },
  { label: '/forgot-password', url: '/forgot-password', budgetKb: 120 },
  { label: '/reset-password', url: '/reset-password', budgetKb: 120 },
  { label: '/about', url: '/about', budgetKb: 120 },
  { label: '/contact', url: '/contact', budgetKb: 120 },
  { label: '/privacy-policy', url: '/privacy-policy', budgetKb: 120 },
  { label: '/app', url: '/app', budgetKb: 220 },
  // The group page's tabs are lazy (app/group-page.tsx): each row is the page with one open tab, Balans by default.
  { ...groupTab('balance', 'features/settlement/balance-tab.tsx'), label: '/app/group/:id' },
  groupTab('receipts', 'features/expenses/expenses-tab.tsx'),
  groupTab('attachments', 'features/expenses/attachments-tab.tsx'),
  groupTab('members', 'features/groups/members-tab.tsx'),
  { label: '/app/group/:id/expense/new', url: '/app/group/x/expense/new', budgetKb: 220 },
  { label: '/app/group/:id/settings', url: '/app/group/x/settings', budgetKb: 220 },
  { label: '/app/settings', url: '/app/settings', budgetKb: 220 },
  { label: '/app/statistics', url: '/app/statistics', budgetKb: 220 },
  { label: '/invite/:token', url: '/invite/x', budgetKb: 220 },
  { label: '404', url: '/no-such-page', budgetKb: 120 },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}: run "vite build" first (npm run size does).`);
    process.exit(2);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

function toRouteObject(entry: RouteEntry): RouteObject {
  const children = entry.children?.map(toRouteObject);
  const handle = { module: entry.module };
  return entry.index ? { index: true, handle } : { path: entry.path, handle, children };
}

/** The route modules rendered for a URL, outermost layout first. */
function modulesFor(url: string): string[] {
  const matches = matchRoutes(routeTable.map(toRouteObject), url) ?? [];
  return matches.map((match) => (match.route.handle as { module: string }).module);
}

/** A chunk and everything it imports statically: what the browser must fetch before running it. */
function staticClosure(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Manifest has no entry "${key}": is the route table out of date?`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
}

const gzipped = (file: string) => gzipSync(readFileSync(join(distDir, file))).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

function measure(
  manifest: Manifest,
  url: string,
  also: readonly string[] = [],
): { bytes: number; chunks: number; modules: string[] } {
  const modules = [...modulesFor(url), ...also];
  const keys = new Set<string>();
  for (const key of [ENTRY, ...modules]) staticClosure(manifest, key, keys);
  const files = [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
  return { bytes: files.reduce((sum, file) => sum + gzipped(file), 0), chunks: files.length, modules };
}

function main(): void {
  const manifest = readManifest();
  const css = (manifest[ENTRY]?.css ?? []).reduce((sum, file) => sum + gzipped(file), 0);
  console.log('First-load JavaScript per route (gzip)\n');
  console.log(`${'route'.padEnd(28)}${'JS gzip'.padStart(10)}${'budget'.padStart(10)}  chunks  modules`);
  let failed = false;
  for (const { label, url, budgetKb, also } of budgets) {
    const { bytes, chunks, modules } = measure(manifest, url, also);
    const over = bytes > budgetKb * KB;
    failed ||= over;
    const status = over ? 'OVER' : 'ok';
    console.log(
      `${label.padEnd(28)}${kb(bytes).padStart(10)}${`${budgetKb} kB`.padStart(10)}  ${String(chunks).padStart(6)}  ${modules.join(' > ')}  ${status}`,
    );
  }
  console.log(`\nCSS (every route, gzip): ${kb(css)}`);
  if (failed) {
    console.error('\nOver budget: lazy-load the heavy part or move it off the first load.');
    process.exit(1);
  }
}

main();
