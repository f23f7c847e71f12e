import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { ParserOptions, Transaction } from '@electric-sql/pglite';
import { toWireError } from './pglite-messages.ts';
import type { DatabaseReply, DatabaseRequest, WireQueryOptions, WorkerSetup } from './pglite-messages.ts';

// The embedded database's own thread (decision 066): PGlite runs here, so its WASM work never holds up the server's
// event loop. Each request is answered by id; statements of an open transaction go to that transaction, while
// PGlite's own lock makes every other statement wait until it ends, as on the server's thread before.

const port = parentPort;
if (!port) throw new Error('pglite-worker runs only as a worker thread');
const setup = workerData as WorkerSetup;

const post = (message: DatabaseReply) => port.postMessage(message);
const identity = (value: string) => value;
const parserSets = new Map<string, ParserOptions>();

/** Types the caller parses itself arrive as the database's text, as PGlite hands them to a parser. */
function queryOptions(wire: WireQueryOptions) {
  let parsers: ParserOptions | undefined;
  if (wire.rawTypes?.length) {
    const key = wire.rawTypes.join(',');
    parsers = parserSets.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(wire.rawTypes.map((type) => [type, identity]));
      parserSets.set(key, parsers);
    }
  }
  return { rowMode: wire.rowMode, parsers, paramTypes: wire.paramTypes };
}

type Open = { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> };
const transactions = new Map<number, Open>();
const unsubscribes = new Map<string, () => Promise<void>>();
let nextTransaction = 1;
/** Thrown inside PGlite's transaction callback to make PGlite roll back. */
const ROLLBACK = new Error('rolled back by the server');

const client = await PGlite.create(setup.dataDir, {
  pgliteWasmModule: setup.pgliteWasmModule,
  initdbWasmModule: setup.initdbWasmModule,
  ...(setup.loadDataDir ? { loadDataDir: new Blob([setup.loadDataDir]) } : {}),
}).catch((error: unknown) => {
  post({ op: 'failed', error: toWireError(error) });
  return null;
});

function opened(id: number): Open {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open;
}

const statements = (tx: number | undefined): Transaction | PGlite => (tx === undefined ? (client as PGlite) : opened(tx).tx);

/** Opens a transaction that stays open, holding PGlite's lock, until the server's thread ends it. */
function begin(): Promise<number> {
  const id = nextTransaction++;
  return new Promise((resolve, reject) => {
    let began = false;
    const done = (client as PGlite).transaction(async (tx) => {
      let finish!: (commit: boolean) => void;
      const ended = new Promise<boolean>((settle) => (finish = settle));
      transactions.set(id, { tx, finish, done });
      began = true;
      resolve(id);
      if (!(await ended)) throw ROLLBACK;
    });
    done
      .catch((error: Error) => {
        if (!began) reject(error);
      })
      .finally(() => transactions.delete(id));
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = opened(id);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

async function handle(request: DatabaseRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return statements(request.tx).query(request.sql, request.params, queryOptions(request.options));
    case 'exec':
      return statements(request.tx).exec(request.sql, queryOptions(request.options));
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'rollback':
      return opened(request.tx).tx.rollback();
    case 'listen': {
      const channel = request.channel;
      if (!unsubscribes.has(channel)) {
        unsubscribes.set(channel, await (client as PGlite).listen(channel, (payload) => post({ op: 'notify', channel, payload })));
      }
      return undefined;
    }
    case 'unlisten': {
      const unsubscribe = unsubscribes.get(request.channel);
      unsubscribes.delete(request.channel);
      await unsubscribe?.();
      return undefined;
    }
    case 'migrate':
      // Here, not through messages: a migration is hundreds of statements, each a round trip otherwise.
      return migrate(drizzle(client as PGlite), { migrationsFolder: request.migrationsFolder });
    case 'dump': {
      const dump = await (client as PGlite).dumpDataDir(request.compression);
      return await dump.arrayBuffer();
    }
    case 'close':
      if (!(client as PGlite).closed) await (client as PGlite).close();
      return undefined;
  }
}

if (client) {
  const fail = (id: number, error: unknown) => post({ op: 'reply', id, ok: false, error: toWireError(error) });
  port.on('message', (request: DatabaseRequest) => {
    handle(request).then(
      (value) => {
        try {
          // A dump is moved, not copied: it is the size of the whole database.
          if (value instanceof ArrayBuffer) port.postMessage({ op: 'reply', id: request.id, ok: true, value }, [value]);
          else post({ op: 'reply', id: request.id, ok: true, value });
        } catch (error) {
          fail(request.id, error);
        }
        if (request.op === 'close') port.close();
      },
      (error: unknown) => fail(request.id, error),
    );
  });
  post({ op: 'ready' });
}
