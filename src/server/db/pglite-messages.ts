import { TransactionAbortedError, protocol } from '@electric-sql/pglite';

// The messages between the server's thread and the thread that runs the embedded database (decision 066).

/** Query options as they cross threads: parsers are functions, so only the types they apply to are sent. */
export type WireQueryOptions = { rowMode?: 'array' | 'object'; rawTypes?: number[]; paramTypes?: number[] };

export type DatabaseRequest =
  | { id: number; op: 'query'; tx?: number; sql: string; params: unknown[]; options: WireQueryOptions }
  | { id: number; op: 'exec'; tx?: number; sql: string; options: WireQueryOptions }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'migrate'; migrationsFolder: string }
  | { id: number; op: 'close' };

export type WireError = {
  kind: 'database' | 'aborted' | 'error';
  message: string;
  stack: string;
  fields: Record<string, unknown>;
};

export type DatabaseReply =
  | { op: 'reply'; id: number; ok: true; value: unknown }
  | { op: 'reply'; id: number; ok: false; error: WireError }
  | { op: 'notify'; channel: string; payload: string }
  | { op: 'ready' }
  | { op: 'failed'; error: WireError };

/**
 * What the worker is started with: a folder, or nothing (in memory), optionally a dump to start from, and PGlite's
 * WebAssembly compiled once per process.
 */
export type WorkerSetup = {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
  pgliteWasmModule?: WebAssembly.Module;
  initdbWasmModule?: WebAssembly.Module;
};

const { DatabaseError } = protocol.messages;

/**
 * An error as data: PostgreSQL's fields (code, constraint, detail, table …) and the statement travel with it, since
 * callers branch on them. Functions (the query's parsers) cannot cross and are left behind.
 */
export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { kind: 'error', message: String(error), stack: '', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    fields[key] = value;
  }
  const kind = error instanceof TransactionAbortedError ? 'aborted' : error instanceof DatabaseError ? 'database' : 'error';
  return { kind, message: error.message, stack: error.stack ?? '', fields };
}

/** The same error again on this side, of the class PGlite throws, with this side's stack and the worker's below it. */
export function fromWireError(wire: WireError): Error {
  const error =
    wire.kind === 'aborted'
      ? new TransactionAbortedError()
      : wire.kind === 'database'
        ? new DatabaseError(wire.message, 0, 'error')
        : new Error(wire.message);
  Object.assign(error, wire.fields);
  const workerFrames = wire.stack.split('\n').filter((line) => line.trimStart().startsWith('at '));
  if (workerFrames.length > 0) error.stack = `${error.stack ?? ''}\n    --- in the database thread ---\n${workerFrames.join('\n')}`;
  return error;
}
