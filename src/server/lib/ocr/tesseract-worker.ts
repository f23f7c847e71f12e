import Tesseract from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { OcrError, withTimeout } from './errors.ts';
import type { OcrLogger } from './errors.ts';

/** tesseract.js' worker script run at background priority (decision 079). */
const BACKGROUND_WORKER_PATH = new URL('./background-worker.ts', import.meta.url).pathname;

export type WorkerSettings = {
  languages: string;
  langPath: string;
  initTimeoutMs: number;
  /** Tesseract variables set once per worker (page segmentation mode, dpi …). */
  parameters: Record<string, string>;
  /** A different worker script; tests pass one that refuses all network access. */
  workerPath?: string;
  logger: OcrLogger;
};

/**
 * Starts one tesseract.js worker with local language data and no cache writes. Wrapped in a time limit because a
 * worker that cannot read its langPath tries a CDN and never settles offline.
 */
export async function startWorker(settings: WorkerSettings): Promise<Worker> {
  const starting = Tesseract.createWorker(settings.languages, Tesseract.OEM.LSTM_ONLY, {
    langPath: settings.langPath,
    cacheMethod: 'none',
    gzip: true,
    workerPath: settings.workerPath ?? BACKGROUND_WORKER_PATH,
    // Without a handler tesseract.js throws inside its message listener and takes the whole server down.
    errorHandler: (error: unknown) => settings.logger.warn({ error: String(error) }, 'tesseract worker error'),
  });
  const worker = await withTimeout(starting, settings.initTimeoutMs, 'starting a tesseract worker', () => {
    // If it ever finishes after all, do not leave a thread running.
    void starting.then((w) => w.terminate()).catch(() => {});
  }).catch((error: unknown) => {
    // A worker that did not start in time is no reader running, not an image that took too long.
    throw new OcrError('UNAVAILABLE', 'tesseract worker failed to start', { cause: error });
  });
  await worker.setParameters(settings.parameters);
  return worker;
}
