import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ImageError } from '../images/errors.ts';
import type { ImageErrorCode } from '../images/errors.ts';
import type { PrepareOptions, PreparedUpload } from '../images/prepare-upload.ts';
import { OcrError } from '../ocr/errors.ts';
import type { OcrErrorCode } from '../ocr/errors.ts';
import type { PreparedForOcr, PreprocessOptions } from '../ocr/preprocess.ts';
import type { ReplyMessage, TaskMessage, Tasks } from './tasks.ts';

type Pending = { resolve(value: unknown): void; reject(error: unknown): void };
type Thread = { worker: Worker; pending: Map<number, Pending> };
type Queued = { message: TaskMessage; pending: Pending };

/** One thread per core, at most two: the tesseract workers are the other threads that read receipts. */
const THREADS = Math.max(1, Math.min(2, os.availableParallelism()));

/** The error the task threw in its thread, as the same class, so callers' `instanceof` checks keep working. */
function revive(error: { name: string; message: string; code: unknown }): Error {
  if (error.name === 'ImageError') return new ImageError(error.code as ImageErrorCode, error.message);
  if (error.name === 'OcrError') return new OcrError(error.code as OcrErrorCode, error.message);
  return Object.assign(new Error(error.message), { name: error.name });
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

let threads: Thread[] = [];
const queue: Queued[] = [];
let nextId = 1;

function start(): Thread {
  const worker = new Worker(new URL('./entry.ts', import.meta.url));
  // Idle threads must not keep a process (a test, a script) alive; a task in flight holds its caller's promise.
  worker.unref();
  const thread: Thread = { worker, pending: new Map() };
  worker.on('message', (reply: ReplyMessage) => {
    const pending = thread.pending.get(reply.id);
    thread.pending.delete(reply.id);
    if (reply.ok) pending?.resolve(reply.value);
    else pending?.reject(revive(reply.error));
    pump();
  });
  // A thread that dies (out of memory on a hostile image) fails its own tasks and is replaced on the next task.
  const fail = (error: unknown) => {
    threads = threads.filter((t) => t !== thread);
    for (const pending of thread.pending.values())
      pending.reject(error instanceof Error ? error : new Error(String(error)));
    thread.pending.clear();
    pump();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`image thread exited with ${code}`)));
  return thread;
}

function pump(): void {
  while (queue.length > 0) {
    let thread = threads.find((t) => t.pending.size === 0);
    if (!thread && threads.length < THREADS) threads.push((thread = start()));
    if (!thread) return;
    const { message, pending } = queue.shift() as Queued;
    thread.pending.set(message.id, pending);
    thread.worker.postMessage(message);
  }
}

/** Runs one task in a thread of the image pool, started on first use; tasks wait their turn for a free thread. */
function run<K extends keyof Tasks>(task: K, ...args: Tasks[K]['args']): Promise<Tasks[K]['result']> {
  return new Promise((resolve, reject) => {
    const message = { id: nextId++, task, args } as TaskMessage;
    queue.push({ message, pending: { resolve: resolve, reject } });
    pump();
  });
}

/** preprocessForOcr in a thread of the image pool (decision 068). */
export async function preprocessInThread(image: Uint8Array, options: PreprocessOptions = {}): Promise<PreparedForOcr> {
  const prepared = await run('preprocessForOcr', image, options);
  return { ...prepared, image: asBuffer(prepared.image), parts: prepared.parts.map(asBuffer) };
}

/** prepareUpload in a thread of the image pool: HEIC decoding is WebAssembly that would hold the event loop. */
export async function prepareUploadInThread(image: Uint8Array, options: PrepareOptions = {}): Promise<PreparedUpload> {
  const prepared = await run('prepareUpload', image, options);
  return { ...prepared, image: asBuffer(prepared.image), thumbnail: asBuffer(prepared.thumbnail) };
}

/** A binary PGM turned by 180°, in a thread of the image pool. */
export async function turnOverInThread(pgm: Uint8Array): Promise<Buffer> {
  return asBuffer(await run('turnOver', pgm));
}

/** Ends the pool's threads (server shutdown); a later task starts new ones. */
export async function closeImageThreads(): Promise<void> {
  const ending = threads;
  threads = [];
  await Promise.all(ending.map((t) => t.worker.terminate()));
}
