import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';
import { routeTable, type RouteEntry } from '../src/web/app/route-modules.ts';

// The module index.html loads.
const ENTRY = 'main.tsx';
// The layout every signed-in page renders in (the login guard and the sidebar).
const SIGNED_IN_LAYOUT = 'app/app-layout.tsx';

/** The chunk of what the signed-in pages share. */
export const SIGNED_IN_CHUNK = 'signed-in';

/** Each page of the table as the chain of modules it renders (layouts, page, and for a page with tabs each tab). */
export function pages(entries: readonly RouteEntry[], chain: readonly string[] = []): string[][] {
  return entries.flatMap((entry) => {
    const here = [...chain, entry.module];
    if (entry.children) return pages(entry.children, here);
    if (entry.tabs?.length) return entry.tabs.map((tab) => [...here, tab.module]);
    return [here];
  });
}

// A barrel: a module that imports many others only to export them again by name (an icon set, the Swedish texts by
// section). The bundler keeps only what is used from it, so an importer reaches only the modules behind the names it
// uses; one that takes anything else from it (the whole catalogue object) reaches them all.
const BARREL_SIZE = 10;
// Of its imports, the share it must export again by name to count as one (an icon set also imports its index of
// every icon, which nothing uses by name).
const BARREL_SHARE = 0.9;
const FROM_LIST = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const LOCAL_EXPORT = /^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm;
const NAMESPACE = /import\s*\*\s*as\s+([\w$]+)\s+from\s*["']([^"']+)["']/g;

/** The names a list like "default as Check, default as CheckIcon" or "Check, X as Close" holds on one side. */
const namesOf = (list: string, side: 'outer' | 'inner') =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .map((pair) => (side === 'outer' ? pair[pair.length - 1] : pair[0]) ?? '')
    .filter((name) => name !== '');

/** Whether an import specifier names the module `id` (a relative path, a `#alias/` path or a package). */
function names(specifier: string, importer: string, id: string): boolean {
  if (specifier.startsWith('.')) return path.join(path.dirname(importer), specifier) === id;
  if (specifier.startsWith('#')) return id.endsWith(specifier.slice(specifier.indexOf('/')));
  return id.includes(`/node_modules/${specifier}/`);
}

/** A barrel's exports: the module behind each name it exports again, the modules each name it defines mentions. */
type Barrel = { targets: Map<string, string>; locals: Map<string, string[]> };

/** For a barrel, what each name it exports reaches; null for any other module. */
function barrelTargets(id: string, ctx: ChunkingContext, cache: Map<string, Barrel | null>) {
  if (cache.has(id)) return cache.get(id) ?? null;
  const info = ctx.getModuleInfo(id);
  let targets: Map<string, string> | null = null;
  const locals = new Map<string, string[]>();
  if (info?.code && info.importedIds.length >= BARREL_SIZE) {
    const found = new Map<string, string>();
    for (const [statement = '', list = '', from = ''] of info.code.matchAll(FROM_LIST)) {
      if (!from.startsWith('.')) continue;
      const side = statement.startsWith('export') ? 'outer' : 'inner';
      for (const name of namesOf(list, side)) found.set(name, path.join(path.dirname(id), from));
    }
    if (new Set(found.values()).size >= BARREL_SHARE * info.importedIds.length) {
      targets = found;
      // A name the barrel defines itself reaches the modules of the names its definition mentions ("fill" none, a
      // catalogue object of every section all of them).
      const starts = [...info.code.matchAll(LOCAL_EXPORT)];
      for (const [i, m] of starts.entries()) {
        const body = info.code.slice(m.index, starts[i + 1]?.index ?? info.code.length);
        const mentioned = [...found].filter(([name]) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(body));
        if (m[1])
          locals.set(
            m[1],
            mentioned.map(([, file]) => file),
          );
      }
    }
  }
  const barrel = targets ? { targets, locals } : null;
  cache.set(id, barrel);
  return barrel;
}

/** The names `importer` uses from `barrel`: imported by name, or read off a namespace import; null if it takes all. */
function namesUsedFrom(importer: string, barrel: string, ctx: ChunkingContext): string[] | null {
  const code = ctx.getModuleInfo(importer)?.code ?? '';
  const used: string[] = [];
  for (const [, list = '', from = ''] of code.matchAll(FROM_LIST)) {
    if (names(from, importer, barrel)) used.push(...namesOf(list, 'inner'));
  }
  for (const [, namespace = '', from = ''] of code.matchAll(NAMESPACE)) {
    if (!names(from, importer, barrel)) continue;
    const access = new RegExp(`(?<![\\w$./])${namespace.replace('$', '\\$')}\\.([\\w$]+)`, 'g');
    const members = [...code.matchAll(access)].map((m) => m[1] ?? '');
    // A namespace passed on whole gives every name away.
    const whole = new RegExp(`(?<![\\w$./'"\`])${namespace.replace('$', '\\$')}(?![\\w$./'"\`])`);
    if (whole.test(code.replace(NAMESPACE, ''))) return null;
    used.push(...members);
  }
  return used;
}

/**
 * Every module `from` imports statically, directly or through others, and with `lazy.follow` also those it loads
 * lazily, short of `lazy.stopAt`; through a barrel only the modules behind the names used from it.
 */
function closure(
  from: readonly string[],
  ctx: ChunkingContext,
  lazy: { follow: boolean; stopAt?: ReadonlySet<string> } = { follow: false },
): Set<string> {
  const barrels = new Map<string, Barrel | null>();
  const seen = new Set<string>();
  const stack = [...from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || lazy.stopAt?.has(id)) continue;
    seen.add(id);
    if (lazy.follow) stack.push(...(ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
      const barrel = barrelTargets(imported, ctx, barrels);
      const used = barrel ? namesUsedFrom(id, imported, ctx) : null;
      const files = used?.map((name) => {
        const target = barrel?.targets.get(name);
        return target === undefined ? barrel?.locals.get(name) : [target];
      });
      if (!files || files.some((file) => file === undefined)) stack.push(imported);
      else {
        seen.add(imported);
        stack.push(...(files as string[][]).flat());
      }
    }
  }
  return seen;
}

/**
 * The name function of a code-splitting group for the code most signed-in pages share (decision 080): a module that
 * no page outside the signed-in layout imports and that at least `share` of the signed-in pages import statically
 * goes into one chunk, "signed-in", fetched once by the first signed-in page. Modules only ever loaded lazily (route
 * and tab modules among them) keep chunks of their own, named in the manifest for the route preloads (decision 069):
 * one imported statically as well runs with its importer anyway, and left out it could import the group's chunk
 * while that chunk imports it. The rest is left to the bundler's chunking, so public pages load what they did.
 */
export function signedInCore(root: string, share: number, table: readonly RouteEntry[] = routeTable) {
  let core: Set<string> | null = null;
  const findCore = (ctx: ChunkingContext): Set<string> => {
    const all = pages(table).map((chain) => chain.map((module) => path.join(root, module)));
    const signedIn = all.filter((chain) => chain.includes(path.join(root, SIGNED_IN_LAYOUT)));
    // What a visitor may load without signing in: the public pages and their layouts with what they import, and what
    // the entry loads, also lazily (the cookie banner, the service worker's registration), short of the pages. What
    // a public page loads lazily is not counted: counted, it left a module the shared code imports in a chunk that
    // imports the shared code (`noChunkCycles` refused the build); not counted, such a page would fetch the shared
    // chunk, which `npm run bench:web` would show in its bytes (it does not today).
    const routeModules = new Set(all.flat());
    const publicChains = all.filter((chain) => !signedIn.includes(chain));
    const publicReach = new Set([
      ...closure(publicChains.flat(), ctx),
      ...closure([path.join(root, ENTRY)], ctx, { follow: true, stopAt: routeModules }),
    ]);
    const uses = new Map<string, number>();
    for (const chain of signedIn) for (const id of closure(chain, ctx)) uses.set(id, (uses.get(id) ?? 0) + 1);
    const shared = [...uses].filter(([id, n]) => n >= share * signedIn.length && !publicReach.has(id));
    return new Set(shared.map(([id]) => id).filter((id) => (ctx.getModuleInfo(id)?.importers.length ?? 0) > 0));
  };
  return (id: string, ctx: ChunkingContext): string | null => {
    core ??= findCore(ctx);
    return core.has(id) ? SIGNED_IN_CHUNK : null;
  };
}

/**
 * Fails the build when two chunks import each other, directly or through others: a module of one would then run
 * before a module of the other it reads at load time has, and a page would fail to render (decision 080).
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'kvitt-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const [file, output] of Object.entries(bundle))
        if (output.type === 'chunk') imports.set(file, output.imports);
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, trail: string[]): void => {
        state.set(file, 'open');
        for (const next of imports.get(file) ?? []) {
          if (state.get(next) === 'open') this.error(`chunks import each other: ${[...trail, file, next].join(' → ')}`);
          if (!state.has(next)) visit(next, [...trail, file]);
        }
        state.set(file, 'done');
      };
      for (const file of imports.keys()) if (!state.has(file)) visit(file, []);
    },
  };
}
