import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { routeTable, type RouteEntry } from '../src/web/app/route-modules.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * One URL pattern of the router (`/app/group/:groupId`) and the scripts its layouts and page need besides the entry;
 * for a page with tabs, one per tab (`tab`, none for the first tab, which is also what an unknown `?tab=` opens).
 */
export interface RoutePreload {
  path: string;
  tab?: string;
  files: string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

function closure(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
}

function joinPath(parent: string, child: string | undefined): string {
  if (child === undefined) return parent;
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

function* leaves(
  entries: readonly RouteEntry[],
  parent = '',
  modules: readonly string[] = [],
): Generator<[string, string[], string | undefined]> {
  for (const entry of entries) {
    const here = entry.index ? parent : joinPath(parent, entry.path);
    const chain = [...modules, entry.module];
    if (entry.children) yield* leaves(entry.children, here, chain);
    else if (!entry.tabs?.length) yield [here, chain, undefined];
    else
      for (const [i, tab] of entry.tabs.entries()) yield [here, [...chain, tab.module], i === 0 ? undefined : tab.id];
  }
}

/**
 * For every page of the route table, the hashed scripts of its layouts and page with their static imports, less what
 * index.html already loads: the server names them in the page it sends, so the browser fetches them beside the entry
 * chunk instead of after it has run (decision 069). A page with tabs gets one list per tab, with that tab's scripts
 * (decision 077).
 */
export function routePreloads(manifest: Manifest, table: readonly RouteEntry[] = routeTable): RoutePreload[] {
  const entry = new Set<string>();
  closure(manifest, 'index.html', entry);
  return [...leaves(table)].map(([route, modules, tab]) => {
    const keys = new Set<string>(entry);
    for (const module of modules) closure(manifest, module, keys);
    const files = [...keys]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/${file}`);
    return tab === undefined ? { path: route, files } : { path: route, tab, files };
  });
}

/** Writes route-preloads.json from the build's manifest, for the server (src/server/lib/static.ts). */
export function routePreloadsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'kvitt-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const manifestFile = path.join(outDir, '.vite', 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
      await writeFile(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(manifest)));
    },
  };
}
