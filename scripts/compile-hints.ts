import path from 'node:path';
import type { Plugin } from 'vite';
import { routeTable } from '../src/web/app/route-modules.ts';
import { pages, SIGNED_IN_CHUNK } from './signed-in-chunks.ts';

/** V8's explicit compile hint (Chrome 136 and later): compile every function of this file as it arrives. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type Chunk = { isEntry: boolean; name: string; facadeModuleId: string | null };

/**
 * Marks the chunks a page runs as it starts with V8's compile hint: the entry, what the signed-in pages share, and
 * each page, layout and group tab of the route table (`root` is the folder its paths start from). Their functions are
 * then compiled on the thread that streams the script in, instead of one at a time on the main thread the first time
 * each is called, which was most of a warm page load's first render (decision 087). Written after minification, which
 * drops comments; the hint is part of the file's hash, so a file that gains or loses it gets a new name.
 */
export function compileHints(root: string): Plugin {
  const routeModules = new Set(pages(routeTable).flatMap((chain) => chain.map((module) => path.join(root, module))));
  const atStartup = (chunk: Chunk) =>
    chunk.isEntry || chunk.name === SIGNED_IN_CHUNK || routeModules.has(chunk.facadeModuleId ?? '');
  return {
    name: 'kvitt:compile-hints',
    apply: 'build',
    outputOptions(options) {
      return { ...options, postBanner: (chunk: Chunk) => (atStartup(chunk) ? COMPILE_HINT : '') };
    },
    augmentChunkHash: (chunk) => (atStartup(chunk) ? COMPILE_HINT : undefined),
  };
}
