import { mkdtemp, rm, symlink, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
// The integer-quantised LSTM models: a quarter of the size of the full ones and faster, at nearly the same accuracy.
const MODEL_FOLDER = '4.0.0_best_int';

/** Path of the gzipped traineddata of a language installed as @tesseract.js-data/<code>. */
export function traineddataPath(code: string): string {
  const packageJson = require.resolve(`@tesseract.js-data/${code}/package.json`);
  return path.join(path.dirname(packageJson), MODEL_FOLDER, `${code}.traineddata.gz`);
}

/**
 * tesseract.js reads every language of a worker from one langPath, but each npm data package has its own folder,
 * so this makes a private folder with links to all of them (copies where links are not allowed).
 * Without a readable local langPath tesseract.js falls back to a CDN, which Kvitt's server must never do.
 */
export async function prepareLangFolder(codes: readonly string[]): Promise<{ path: string; dispose(): Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kvitt-tessdata-'));
  try {
    for (const code of codes) {
      const source = traineddataPath(code);
      const target = path.join(folder, `${code}.traineddata.gz`);
      await symlink(source, target).catch(() => copyFile(source, target));
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { path: folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}
