import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { convertStoredAmounts } from '../repositories/converted-amounts.ts';
import { openPglite, openPostgres } from './client.ts';
import type { Database } from './client.ts';
import { lockDataDir } from './lock.ts';

/**
 * The database the configuration asks for, migrated: PostgreSQL at DATABASE_URL, else embedded PGlite in
 * DATA_DIR/db behind a lock file, because two processes on one PGlite folder would corrupt it.
 */
export async function openDatabase(env: Env, logger: Logger): Promise<{ database: Database; release: () => void }> {
  if (env.DATABASE_URL) {
    const database = await openPostgres(env.DATABASE_URL, {
      onError: (error) => logger.warn({ err: error }, 'database connection error'),
    });
    await database.migrate();
    logger.info({ database: 'postgres' }, 'database migrated');
    await convertRows(database, logger);
    return { database, release: () => {} };
  }
  const release = lockDataDir(env.dataDir);
  try {
    const database = await openPglite({ dir: path.join(env.dataDir, 'db'), thread: env.PGLITE_THREAD });
    await database.migrate();
    logger.info({ database: 'pglite', dir: env.dataDir, thread: env.PGLITE_THREAD }, 'database migrated');
    await convertRows(database, logger);
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Rows without their amount in the group currency (those saved before decision 078, or by an older server during a
 * rolling restart) get it before the server answers, so balance reads convert nothing. Balances are right meanwhile.
 * The rows that were null stay in the partial indexes that find them until a vacuum, which PGlite never runs by
 * itself: after converting, one vacuum clears them and refreshes the planner's counts.
 */
async function convertRows(database: Database, logger: Logger): Promise<void> {
  const converted = await convertStoredAmounts(database.db);
  if (converted === 0) return;
  await database.db.execute(sql`vacuum (analyze) expense_payers, expense_shares`);
  logger.info({ expenses: converted }, 'expenses in another currency converted for running sums');
}
