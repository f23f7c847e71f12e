import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { noChunkCycles, signedInCore } from '../../../scripts/signed-in-chunks.ts';

const ROOT = '/web';
const at = (file: string) => path.join(ROOT, file);
type Module = { code?: string; imports?: string[]; lazy?: string[] };

/** A module graph as the bundler's chunking context shows it, from files and what each imports. */
function graph(modules: Record<string, Module>): ChunkingContext {
  const importers = (id: string) => Object.keys(modules).filter((m) => modules[m]?.imports?.includes(id));
  return {
    getModuleInfo: (id: string) => {
      const m = modules[id];
      if (!m) return null;
      return {
        id,
        code: m.code ?? '',
        importedIds: m.imports ?? [],
        dynamicallyImportedIds: m.lazy ?? [],
        importers: importers(id),
        dynamicImporters: [],
      } as unknown as ReturnType<ChunkingContext['getModuleInfo']>;
    },
  };
}

const table: NonNullable<Parameters<typeof signedInCore>[2]> = [
  { path: '/', module: 'features/site/landing-page.tsx' },
  {
    path: '/app',
    module: 'app/app-layout.tsx',
    children: [
      { index: true, module: 'features/groups/groups-page.tsx' },
      { path: 'settings', module: 'features/account/settings-page.tsx' },
    ],
  },
];

// An icon package: a barrel re-exporting one module per icon by name (twelve of them).
const ICONS = Array.from({ length: 12 }, (_, i) => `/node_modules/icons/dist/icons/i${i}.js`);
const barrel = ICONS.map((file, i) => `export { default as I${i}, default as I${i}Icon } from './icons/i${i}.js';`);

const modules: Record<string, Module> = {
  [at('main.tsx')]: { imports: [at('shell.ts')], lazy: [at('banner.tsx'), at('features/groups/groups-page.tsx')] },
  [at('shell.ts')]: {},
  [at('banner.tsx')]: { imports: [at('toast.tsx')] },
  [at('toast.tsx')]: {},
  [at('features/site/landing-page.tsx')]: {
    code: `import { I0Icon } from "icons";`,
    imports: [at('button.tsx'), '/node_modules/icons/dist/icons.js'],
  },
  [at('app/app-layout.tsx')]: { imports: [at('sidebar.tsx')] },
  [at('sidebar.tsx')]: {
    code: `import { I0Icon, I1 } from "icons";`,
    imports: [at('button.tsx'), at('queries.ts'), '/node_modules/icons/dist/icons.js'],
  },
  [at('features/groups/groups-page.tsx')]: { imports: [at('queries.ts'), at('list.tsx'), at('toast.tsx')] },
  [at('features/account/settings-page.tsx')]: { imports: [at('form.tsx'), at('toast.tsx')] },
  [at('queries.ts')]: {},
  [at('list.tsx')]: {},
  [at('form.tsx')]: {},
  [at('button.tsx')]: {},
  '/node_modules/icons/dist/icons.js': { code: barrel.join('\n'), imports: ICONS },
  ...Object.fromEntries(ICONS.map((file) => [file, {}])),
};

describe('the chunk of code the signed-in pages share', () => {
  const name = signedInCore(ROOT, 0.5, table);
  const ctx = graph(modules);

  it('takes what at least the share of signed-in pages import and no public page does', () => {
    expect(name(at('sidebar.tsx'), ctx)).toBe('signed-in');
    expect(name(at('queries.ts'), ctx)).toBe('signed-in');
    // One of two signed-in pages is the share.
    expect(name(at('list.tsx'), ctx)).toBe('signed-in');
  });

  it('leaves what a public page or the entry loads, also lazily, and the pages themselves to the bundler', () => {
    expect(name(at('button.tsx'), ctx)).toBeNull();
    expect(name(at('shell.ts'), ctx)).toBeNull();
    // Loaded lazily by the entry (the cookie banner's toast), though every signed-in page imports it too.
    expect(name(at('toast.tsx'), ctx)).toBeNull();
    expect(name(at('app/app-layout.tsx'), ctx)).toBeNull();
    expect(name(at('features/groups/groups-page.tsx'), ctx)).toBeNull();
  });

  it('follows an icon barrel only to the icons imported from it', () => {
    expect(name(ICONS[0] as string, ctx)).toBeNull();
    expect(name(ICONS[1] as string, ctx)).toBe('signed-in');
    expect(name(ICONS[2] as string, ctx)).toBeNull();
  });

  it('takes less with a larger share', () => {
    const strict = signedInCore(ROOT, 1, table);
    expect(strict(at('list.tsx'), graph(modules))).toBeNull();
    expect(strict(at('queries.ts'), graph(modules))).toBe('signed-in');
    expect(strict(at('sidebar.tsx'), graph(modules))).toBe('signed-in');
  });
});

describe('noChunkCycles', () => {
  const run = (imports: Record<string, string[]>) => {
    const bundle = Object.fromEntries(
      Object.entries(imports).map(([file, to]) => [file, { type: 'chunk', imports: to }]),
    );
    const hook = noChunkCycles().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    hook.call(
      {
        error: (message: string) => {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );
  };

  it('fails a build whose chunks import each other, directly or through another', () => {
    expect(() => run({ 'a.js': ['b.js'], 'b.js': ['c.js'], 'c.js': ['a.js'] })).toThrow(
      /a\.js → b\.js → c\.js → a\.js/,
    );
  });

  it('passes chunks that share a chunk without a cycle', () => {
    expect(() => run({ 'a.js': ['c.js'], 'b.js': ['c.js', 'a.js'], 'c.js': [] })).not.toThrow();
  });
});
