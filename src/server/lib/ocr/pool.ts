import type { Worker } from 'tesseract.js';
import { OcrError, silentLogger, withTimeout } from './errors.ts';
import type { OcrLogger } from './errors.ts';
import { prepareLangFolder } from './lang-data.ts';
import { startWorker } from './tesseract-worker.ts';
import type { WorkerSettings } from './tesseract-worker.ts';

export type TesseractPoolOptions = {
  /** Number of tesseract workers, each a thread with its own engine (default 2, one per core). */
  workers?: number;
  /** Time limit per job, from the moment a worker takes it (default 20 000 ms). */
  timeoutMs?: number;
  initTimeoutMs?: number;
  /** Jobs allowed to wait; beyond that `run` fails with BUSY instead of letting answers take minutes. */
  maxQueue?: number;
  languages?: string;
  parameters?: Record<string, string>;
  workerPath?: string;
  logger?: OcrLogger;
};

/** A job gets a worker and returns a result; the pool handles the waiting, the time limit and broken workers. */
export type TesseractJob<T> = (worker: Worker) => Promise<T>;

export type TesseractPool = {
  run<T>(job: TesseractJob<T>): Promise<T>;
  /**
   * Runs a job that is only worth doing on spare capacity: at once when a worker is free and nobody waits, else
   * not at all (null). Once started it holds its worker like any job, within the same time limit.
   */
  runIfIdle<T>(job: TesseractJob<T>): Promise<T> | null;
  /** Workers currently able to take jobs. */
  readonly ready: number;
  close(): Promise<void>;
};

type Slot = { id: number; worker: Worker | null; busy: boolean };
type Waiting = { job: TesseractJob<unknown>; resolve(value: unknown): void; reject(error: unknown): void };

// Automatic page layout read the most totals on the evaluation set (docs/decisions/006); 300 dpi stops Leptonica
// guessing 70 dpi for PGM input. Tesseract reads every uncertain line a second time inverted, for white print on
// black; receipts print none that matters, and leaving it out read the same and took 3.5 % less time.
export const DEFAULT_PARAMETERS: Record<string, string> = {
  tessedit_pageseg_mode: '3',
  user_defined_dpi: '300',
  tessedit_do_invert: '0',
};

/**
 * A fixed set of tesseract.js workers created up front, behind a FIFO queue with a per-job time limit. A worker
 * that overruns is terminated and replaced, so one pathological image cannot block the queue for everybody.
 */
export async function createTesseractPool(options: TesseractPoolOptions = {}): Promise<TesseractPool> {
  const logger = options.logger ?? silentLogger;
  const languages = options.languages ?? 'swe+eng';
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxQueue = options.maxQueue ?? 50;
  const lang = await prepareLangFolder(languages.split('+'));
  const settings: WorkerSettings = {
    languages,
    langPath: lang.path,
    initTimeoutMs: options.initTimeoutMs ?? 30_000,
    parameters: { ...DEFAULT_PARAMETERS, ...options.parameters },
    logger,
    ...(options.workerPath ? { workerPath: options.workerPath } : {}),
  };
  const count = options.workers ?? 2;
  const slots: Slot[] = [];
  const queue: Waiting[] = [];
  let closed = false;
  // Settles the jobs still running when the pool closes: a terminated tesseract.js worker never answers them.
  let endRunning: (error: OcrError) => void = () => {};
  const ended = new Promise<never>((_, reject) => (endRunning = reject));
  ended.catch(() => {});

  try {
    const workers = await Promise.all(Array.from({ length: count }, () => startWorker(settings)));
    workers.forEach((worker, id) => slots.push({ id, worker, busy: false }));
  } catch (error) {
    await lang.dispose();
    throw error;
  }

  function replace(slot: Slot): void {
    const broken = slot.worker;
    slot.worker = null;
    void broken?.terminate().catch(() => {});
    startWorker(settings).then(
      (worker) => {
        if (closed) return void worker.terminate();
        slot.worker = worker;
        slot.busy = false;
        logger.info({ slot: slot.id }, 'tesseract worker replaced');
        pump();
      },
      (error: unknown) => {
        slot.busy = false;
        logger.warn({ slot: slot.id, error: String(error) }, 'tesseract worker could not be replaced');
      },
    );
  }

  // A job that outlives its time limit still holds its worker, which is terminated by then; tesseract.js answers a
  // call on a terminated worker with an unhandled rejection (its `send` is async and nobody awaits it), which would
  // end the process. Jobs therefore get a view whose calls, once the slot has let the worker go, reject instead.
  const views = new WeakMap<Worker, Worker>();
  function viewOf(slot: Slot, worker: Worker): Worker {
    const known = views.get(worker);
    if (known) return known;
    const view = new Proxy(worker, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (slot.worker === worker && !closed) return (value as (...a: unknown[]) => unknown).apply(target, args);
          const code = closed ? 'CLOSED' : 'TIMEOUT';
          return Promise.reject(new OcrError(code, 'the worker was stopped before this call'));
        };
      },
    });
    views.set(worker, view);
    return view;
  }

  function pump(): void {
    for (const slot of slots) {
      if (slot.busy || !slot.worker || queue.length === 0) continue;
      const next = queue.shift() as Waiting;
      const worker = viewOf(slot, slot.worker);
      slot.busy = true;
      let timedOut = false;
      withTimeout(Promise.race([next.job(worker), ended]), timeoutMs, 'reading a receipt', () => {
        timedOut = true;
        logger.warn({ slot: slot.id, timeoutMs }, 'tesseract job timed out; replacing the worker');
        replace(slot);
      })
        .then(
          (value) => next.resolve(value),
          (error: unknown) => next.reject(error),
        )
        .finally(() => {
          if (timedOut) return;
          slot.busy = false;
          pump();
        });
    }
  }

  function run<T>(job: TesseractJob<T>): Promise<T> {
    if (closed) return Promise.reject(new OcrError('CLOSED', 'the OCR pool is closed'));
    if (slots.every((s) => !s.worker && !s.busy)) {
      return Promise.reject(new OcrError('UNAVAILABLE', 'no tesseract worker is running'));
    }
    if (queue.length >= maxQueue) return Promise.reject(new OcrError('BUSY', 'too many receipts are waiting'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ job: job, resolve: resolve, reject });
      pump();
    });
  }

  return {
    run,
    runIfIdle<T>(job: TesseractJob<T>): Promise<T> | null {
      const idle = slots.some((s) => s.worker && !s.busy);
      return !closed && idle && queue.length === 0 ? run(job) : null;
    },
    get ready() {
      return slots.filter((s) => s.worker !== null).length;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      endRunning(new OcrError('CLOSED', 'the OCR pool is closed'));
      for (const waiting of queue.splice(0)) waiting.reject(new OcrError('CLOSED', 'the OCR pool is closed'));
      const running = slots.flatMap((s) => (s.worker ? [s.worker.terminate().catch(() => {})] : []));
      await Promise.all(running);
      slots.forEach((s) => (s.worker = null));
      await lang.dispose();
    },
  };
}
