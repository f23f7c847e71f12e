import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PgliteProxy } from './pglite-proxy.ts';
import type { PgliteClient } from './pglite-proxy.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Listener = (payload: string) => void;

/** What the job queue (lib/jobs.ts, decision 061) connects through: the embedded database itself, or the server's URL. */
export type JobConnection = { kind: 'pglite'; client: PgliteClient } | { kind: 'postgres'; url: string };

/** Where the embedded database runs: its own worker thread (decision 066), or the server's thread as before it. */
export type PgliteThread = 'worker' | 'main';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  jobConnection: JobConnection;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** Applies the migrations in `migrationsFolder` (default: the app's) that the database has not applied yet. */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Applied and known migration counts, for /api/health. */
  migrationState(): Promise<{ applied: number; known: number }>;
  close(): Promise<void>;
}

function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrations(db: Db): Promise<number> {
  try {
    const result = await db.execute<{ count: string | number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    const rows = (result as { rows: Array<{ count: number }> }).rows;
    return Number(rows[0]?.count ?? 0);
  } catch {
    return 0;
  }
}

async function startPglite(options: { dir?: string; loadDataDir?: Blob; thread?: PgliteThread }): Promise<PgliteClient> {
  if (options.thread === 'main') {
    return PGlite.create(options.dir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  return PgliteProxy.start({ dataDir: options.dir, loadDataDir: await options.loadDataDir?.arrayBuffer() });
}

/**
 * Embedded PostgreSQL (PGlite) in `dir`, or in memory when dir is undefined (tests); in a worker thread unless
 * `thread` is 'main' (decision 066).
 */
export async function openPglite(
  options: { dir?: string; loadDataDir?: Blob; thread?: PgliteThread } = {},
): Promise<Database> {
  if (options.dir) fs.mkdirSync(path.dirname(options.dir), { recursive: true });
  const client = await startPglite(options);
  // drizzle's PGlite session calls query (rowMode, parsers) and transaction, which the worker's proxy answers alike.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    jobConnection: { kind: 'pglite', client },
    listen: async (channel, listener) => {
      const unsubscribe = await client.listen(channel, listener);
      return async () => unsubscribe();
    },
    migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
      if (client instanceof PgliteProxy) await client.migrate(migrationsFolder);
      else await migratePglite(db as never, { migrationsFolder });
    },
    migrationState: async () => ({ applied: await appliedMigrations(db), known: knownMigrations() }),
    close: async () => {
      if (!client.closed) await client.close();
    },
    // Exposed for the test template copy (dumpDataDir); not part of the Database contract.
    ...({ pglite: client } as object),
  };
}

/**
 * A real PostgreSQL server through a connection pool, plus one dedicated connection for LISTEN. A connection that
 * breaks (server restart, admin termination) must not crash the process: pool errors are reported, and a lost
 * LISTEN connection is replaced and its channels listened to again, so live updates resume by themselves.
 */
export async function openPostgres(
  url: string,
  options: { max?: number; onError?: (error: Error) => void } = {},
): Promise<Database> {
  const onError = options.onError ?? ((error: Error) => console.error(`database connection error: ${error.message}`));
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', onError);
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  let listenClient: pg.PoolClient | null = null;
  let closed = false;
  const listeners = new Map<string, Set<Listener>>();

  async function listenConnection(): Promise<pg.PoolClient> {
    if (listenClient) return listenClient;
    const client = await pool.connect();
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.on('error', (error) => {
      onError(error);
      if (listenClient !== client) return;
      listenClient = null;
      client.release(error);
      relisten();
    });
    listenClient = client;
    return client;
  }

  function relisten(): void {
    if (closed) return;
    const timer = setTimeout(() => {
      listenConnection()
        .then(async (client) => {
          for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`);
        })
        .catch((error: Error) => {
          onError(error);
          listenClient = null;
          relisten();
        });
    }, 1000);
    timer.unref();
  }

  return {
    db,
    kind: 'postgres',
    jobConnection: { kind: 'postgres', url },
    listen: async (channel, listener) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const client = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
      await migratePostgres(db as never, { migrationsFolder });
    },
    migrationState: async () => ({ applied: await appliedMigrations(db), known: knownMigrations() }),
    close: async () => {
      closed = true;
      listenClient?.release();
      listenClient = null;
      await pool.end();
    },
  };
}
