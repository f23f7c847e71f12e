import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results } from '@electric-sql/pglite';
import { fromWireError, toWireError } from './pglite-messages.ts';
import type { DatabaseReply, DatabaseRequest, WireQueryOptions, WorkerSetup } from './pglite-messages.ts';

type Listener = (payload: string) => void;
type Reply = Extract<DatabaseReply, { op: 'reply' }>;
type Pending = { resolve: (reply: Reply) => void; reject: (error: Error) => void };
type Distribute<T> = T extends { id: number } ? Omit<T, 'id'> : never;
type Request = Distribute<DatabaseRequest>;

/** The statements of one open transaction, as PGlite's transaction object offers them to drizzle. */
export interface PgliteStatements {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Array<Results>>;
}

export interface PgliteTransaction extends PgliteStatements {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** What the server, drizzle and pg-boss use of the embedded database, wherever it runs (decision 066). */
export interface PgliteClient extends PgliteStatements {
  readonly closed: boolean;
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: Listener): Promise<() => Promise<void>>;
  unlisten(channel: string, callback?: Listener): Promise<void>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

// The server's libraries (ES2023, no DOM) declare WebAssembly's types but not its functions, which Node has.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } })
  .WebAssembly;
let compiled: Promise<[WebAssembly.Module, WebAssembly.Module]> | undefined;

/**
 * PGlite's two WebAssembly modules, compiled once per process and handed to every worker: compiling them is seconds
 * of CPU, which each test's database would otherwise pay again in its own thread.
 */
function wasmModules(): Promise<[WebAssembly.Module, WebAssembly.Module]> {
  const require = createRequire(import.meta.url);
  const compile = (file: string) => fs.readFile(require.resolve(file)).then((bytes) => wasm.compile(bytes));
  compiled ??= Promise.all([compile('@electric-sql/pglite/pglite.wasm'), compile('@electric-sql/pglite/initdb.wasm')]);
  return compiled;
}

/** Sends the types the caller parses; the worker answers them as text, and the caller's parsers run here. */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('serializers, blob and onNotice cannot cross to the database thread');
  }
  return {
    rowMode: options.rowMode,
    rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    paramTypes: options.paramTypes,
  };
}

function parseHere<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers: ParserOptions | undefined = options?.parsers;
  if (!parsers) return result;
  const array = options?.rowMode === 'array';
  result.fields.forEach((field, index) => {
    // PGlite calls a parser with the text and the type.
    const parse = parsers[field.dataTypeID] as ((value: string, type: number) => unknown) | undefined;
    // In object rows a later column of the same name is the one kept, so only that one is parsed.
    if (!parse || (!array && result.fields.slice(index + 1).some((later) => later.name === field.name))) return;
    const key = array ? index : field.name;
    for (const row of result.rows as Array<Record<string | number, unknown>>) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value, field.dataTypeID);
    }
  });
  return result;
}

/**
 * PGlite in a worker thread, used through messages (decision 066). Requests are answered in any order by id; an
 * open transaction's statements carry its id, and every other statement waits in the worker behind PGlite's lock.
 * The thread keeps the process alive only while a request is outstanding, as an in-process PGlite would.
 */
export class PgliteProxy implements PgliteClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<Listener>>();
  #nextId = 1;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', (message: DatabaseReply) => this.#receive(message));
    worker.on('error', (error: Error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and waits until PGlite is open in it. */
  static async start(setup: Omit<WorkerSetup, 'pgliteWasmModule' | 'initdbWasmModule'>): Promise<PgliteProxy> {
    const [pgliteWasmModule, initdbWasmModule] = await wasmModules();
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      name: 'pglite',
      workerData: { ...setup, pgliteWasmModule, initdbWasmModule } satisfies WorkerSetup,
      transferList: setup.loadDataDir ? [setup.loadDataDir] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: DatabaseReply) => {
        if (message.op !== 'ready' && message.op !== 'failed') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.op === 'ready') resolve();
        else {
          void worker.terminate();
          reject(fromWireError(message.error));
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteProxy(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  #receive(message: DatabaseReply): void {
    if (message.op === 'notify') {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    if (message.op !== 'reply') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    pending.resolve(message);
  }

  #stop(error: Error): void {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  /** The error is made here, after the await, so its stack shows the caller's async frames. */
  async #send(request: Request, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const reply = await this.#post(request, transfer);
    if (!reply.ok) throw fromWireError(reply.error);
    return reply.value;
  }

  #post(request: Request, transfer: ArrayBuffer[]): Promise<Reply> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({ ...request, id }, transfer);
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, say) fails here, as a bad parameter would.
        reject(fromWireError(toWireError(error)));
        return;
      }
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const wire = wireOptions(options);
    const result = (await this.#send({ op: 'query', tx, sql, params, options: wire })) as Results<T>;
    return parseHere(result, options);
  }

  async exec(sql: string, options?: QueryOptions, tx?: number): Promise<Array<Results>> {
    const wire = wireOptions(options);
    const results = (await this.#send({ op: 'exec', tx, sql, options: wire })) as Array<Results>;
    return results.map((result) => parseHere(result, options));
  }

  /** BEGIN in the worker; the callback's statements go to it; COMMIT when it resolves, ROLLBACK when it throws. */
  async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#send({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteTransaction = {
      query: async (sql, params, options) => (open(), this.query(sql, params, options, id)),
      exec: async (sql, options) => (open(), this.exec(sql, options, id)),
      rollback: async () => {
        open();
        await this.#send({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#send({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#send({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: Listener): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#send({ op: 'listen', channel });
    }
    listeners.add(callback);
    return () => this.unlisten(channel, callback);
  }

  async unlisten(channel: string, callback?: Listener): Promise<void> {
    const listeners = this.#listeners.get(channel);
    if (!listeners) return;
    if (callback) listeners.delete(callback);
    else listeners.clear();
    if (listeners.size > 0) return;
    this.#listeners.delete(channel);
    await this.#send({ op: 'unlisten', channel });
  }

  /** Runs drizzle's migrator in the database's thread. */
  async migrate(migrationsFolder: string): Promise<void> {
    await this.#send({ op: 'migrate', migrationsFolder });
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.#send({ op: 'dump', compression })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#send({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
