import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable, type RouteEntry } from './route-modules.ts';

// The same files the router's glob finds (relative here, because Vitest's root is the repository, not src/web).
const routeFiles = new Set(
  Object.keys(import.meta.glob(['../features/**/*-page.tsx', './*-layout.tsx', './*-page.tsx'])).map((key) =>
    key.startsWith('../') ? key.slice(3) : `app/${key.slice(2)}`,
  ),
);

function* walk(
  entries: readonly RouteEntry[],
  parents: readonly RouteEntry[] = [],
): Generator<[RouteEntry, readonly RouteEntry[]]> {
  for (const entry of entries) {
    yield [entry, parents];
    if (entry.children) yield* walk(entry.children, [...parents, entry]);
  }
}

describe('routeTable', () => {
  it('names only route modules that exist where the router looks for them', () => {
    const missing = [...walk(routeTable)].map(([entry]) => entry.module).filter((module) => !routeFiles.has(module));
    expect(missing).toEqual([]);
  });

  it('puts every /app page below the layout that holds the login guard', () => {
    const unguarded = [...walk(routeTable)]
      .filter(
        ([entry, parents]) =>
          entry.path?.startsWith('/app') &&
          entry.module !== 'app/app-layout.tsx' &&
          !parents.some((p) => p.module === 'app/app-layout.tsx'),
      )
      .map(([entry]) => entry.path);
    expect(unguarded).toEqual([]);
  });

  it('names a page’s tabs in the order, and with the modules, the page itself loads them', () => {
    const tabbed = [...walk(routeTable)].map(([entry]) => entry).filter((entry) => entry.tabs);
    expect(tabbed.map((entry) => entry.module)).toEqual(['app/group-page.tsx']);
    for (const entry of tabbed) {
      const source = readFileSync(new URL(`../${entry.module}`, import.meta.url), 'utf8');
      const loaded = [...source.matchAll(/lazyTab\(\{ id: '([^']+)'[\s\S]*?import\('\.\.\/([^']+)'\)/g)].map(
        ([, id, module]) => ({ id, module }),
      );
      expect(loaded).toEqual(entry.tabs);
    }
  });

  it('ends with a catch-all, so any other path shows the 404 page', () => {
    expect(routeTable.at(-1)).toEqual({ path: '*', module: 'features/shell/not-found-page.tsx' });
  });
});
