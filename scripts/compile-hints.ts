import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136 and later): compile every function of this file as it arrives. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

// The modules a page runs as it starts, besides the entry and what the signed-in pages share: the pages, layouts and
// group tabs of the route table (app/route-modules.ts).
const STARTUP_MODULE = /-(page|layout|tab)\.tsx$/;

type Chunk = { isEntry: boolean; name: string; facadeModuleId: string | null };

/** The chunks every page, or the page they belong to, runs as it starts. */
const atStartup = (chunk: Chunk) =>
  chunk.isEntry || chunk.name === 'signed-in' || STARTUP_MODULE.test(chunk.facadeModuleId ?? '');

/**
 * Marks the chunks a page runs as it starts with V8's compile hint: their functions are compiled on the thread that
 * streams the script in, instead of one at a time on the main thread the first time each is called, which was most
 * of a warm page load's first render (decision 087). Written after minification, which drops comments; the hint is
 * part of the file's hash, so a file that gains or loses it gets a new name.
 */
export function compileHints(): Plugin {
  return {
    name: 'kvitt:compile-hints',
    apply: 'build',
    outputOptions(options) {
      return { ...options, postBanner: (chunk: Chunk) => (atStartup(chunk) ? COMPILE_HINT : '') };
    },
    augmentChunkHash: (chunk) => (atStartup(chunk) ? COMPILE_HINT : undefined),
  };
}
