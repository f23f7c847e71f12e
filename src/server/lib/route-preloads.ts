import fs from 'node:fs';
import zlib from 'node:zlib';
import { pageReads, SESSION_READ } from '#shared/api/page-reads.ts';

/** index.html and its precompressed copies. */
export type IndexCopies = { mtimeMs: number; identity: Buffer; br?: Buffer | undefined; gzip?: Buffer | undefined };

/** What the build wrote to route-preloads.json (scripts/route-preloads.ts): a URL pattern and its page's scripts. */
type RoutePreload = { path: string; tab?: string; files: string[] };
type Preloads = { mtimeMs: number; routes: RoutePreload[]; pages: Map<string, IndexCopies> };

/** route-preloads.json, read again only when the build changes it; none (an older build) preloads nothing. */
export function routePreloadsReader(file: string): () => Preloads | undefined {
  let cached: Preloads | undefined;
  return () => {
    if (!fs.existsSync(file)) return undefined;
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreload[];
      cached = { mtimeMs, routes, pages: new Map() };
    }
    return cached;
  };
}

/**
 * The route pattern a path opens, as the client router would choose it: the pattern must match every segment (a
 * `:param` any one, a trailing `*` the rest); of several, the one with the most fixed segments, then the fewest splats.
 */
export function matchRoute(patterns: readonly string[], pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: { pattern: string; score: number } | undefined;
  for (const pattern of patterns) {
    const parts = pattern.split('/').filter(Boolean);
    const splat = parts.at(-1) === '*';
    const fixed = splat ? parts.slice(0, -1) : parts;
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    if (!fixed.every((part, i) => part.startsWith(':') || part === segments[i])) continue;
    const score = fixed.filter((part) => !part.startsWith(':')).length * 2 + fixed.length - (splat ? 1 : 0);
    if (!best || score > best.score) best = { pattern, score };
  }
  return best?.pattern;
}

/**
 * index.html naming the scripts of the page at `pathname` as module preloads, so the browser fetches the page's
 * layouts and page beside the entry chunk rather than one after another once it has run (decision 069), and the
 * open tab's with them on a page with tabs (decision 077). Each pattern's page is built and compressed once per
 * build and tab.
 */
export function pageWithPreloads(
  index: IndexCopies,
  preloads: Preloads | undefined,
  pathname: string,
  search = '',
): IndexCopies {
  if (!preloads) return index;
  const pattern = matchRoute(
    preloads.routes.map((route) => route.path),
    pathname,
  );
  const tab = new URLSearchParams(search).get('tab');
  const route =
    preloads.routes.find((candidate) => candidate.path === pattern && candidate.tab === tab) ??
    preloads.routes.find((candidate) => candidate.path === pattern && candidate.tab === undefined);
  if (!route || route.files.length === 0) return index;
  const key = route.tab === undefined ? route.path : `${route.path}?tab=${route.tab}`;
  const cached = preloads.pages.get(key);
  if (cached?.mtimeMs === index.mtimeMs) return cached;
  const links = route.files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  const html = Buffer.from(index.identity.toString('utf8').replace('</head>', `${links}</head>`));
  const page: IndexCopies = {
    mtimeMs: index.mtimeMs,
    identity: html,
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(html, { level: 9 }),
  };
  preloads.pages.set(key, page);
  return page;
}

/**
 * A `Link` header naming the session check and the page's first API reads as preloads (decision 076), for a browser
 * that sent a session cookie: they start with the page instead of after its scripts have run, and the web app's
 * entry asks for the same addresses the same way, so the browser answers it from these.
 */
export function dataPreloads(pathname: string, search: string): string {
  return [SESSION_READ, ...pageReads(pathname, search)]
    .map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`)
    .join(', ');
}
