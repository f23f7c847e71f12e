import path from 'node:path';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { openPglite, openPostgres } from './client.ts';
import type { Database } from './client.ts';
import { lockDataDir } from './lock.ts';

/**
 * The database the configuration asks for, migrated: PostgreSQL at DATABASE_URL, else embedded PGlite in
 * DATA_DIR/db behind a lock file, because two processes on one PGlite folder would corrupt it.
 */
export async function openDatabase(env: Env, logger: Logger): Promise<{ database: Database; release: () => void }> {
  if (env.DATABASE_URL) {
    const database = await openPostgres(env.DATABASE_URL, { onError: (error) => logger.warn({ err: error }, 'database connection error') });
    await database.migrate();
    logger.info({ database: 'postgres' }, 'database migrated');
    return { database, release: () => {} };
  }
  const release = lockDataDir(env.dataDir);
  try {
    const database = await openPglite({ dir: path.join(env.dataDir, 'db'), thread: env.PGLITE_THREAD });
    await database.migrate();
    logger.info({ database: 'pglite', dir: env.dataDir, thread: env.PGLITE_THREAD }, 'database migrated');
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}
