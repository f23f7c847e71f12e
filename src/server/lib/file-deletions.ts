import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { fileDeletions } from '../db/schema/index.ts';
import type { Logger } from './logger.ts';
import { startPeriodicJob } from './periodic.ts';
import type { PeriodicJob, PeriodicTiming } from './periodic.ts';
import type { Storage } from './storage.ts';

export type FileDeletionDeps = { db: Db; storage: Storage; logger: Logger };

// Decision 039: a process that takes keys holds them this long, so another process does not try them meanwhile.
const LEASE = sql`now() + interval '5 minutes'`;
// The wait after a failed attempt doubles from 30 seconds up to an hour, and the retries never stop.
const BACKOFF = sql`now() + make_interval(secs => least(30 * power(2, ${fileDeletions.attempts}), 3600))`;
// Keys a pass did not try after a failure come due again this soon, their attempts not counted.
const UNTRIED = sql`now() + interval '30 seconds'`;
const BATCH = 100;
const INSERT_CHUNK = 1000;
/** A request deletes at most this many of its files itself; the retry loop takes the rest within seconds. */
const INLINE_LIMIT = 200;
/** From this many failed attempts on, each failure is logged as an error for the operator. */
const LOUD_AFTER = 10;

const chunksOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Records, in the transaction that unlinks the files from their rows, that they must be deleted, so they are even if
 * the store is down or the process stops before the deletion. Idempotent. Answers the keys for deleteQueuedFiles.
 */
export async function queueFileDeletions(tx: DbOrTx, keys: ReadonlyArray<string | null | undefined>): Promise<string[]> {
  const unique = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  for (const chunk of chunksOf(unique, INSERT_CHUNK)) {
    await tx
      .insert(fileDeletions)
      .values(chunk.map((storageKey) => ({ storageKey })))
      .onConflictDoNothing();
  }
  return unique;
}

/** Takes up to `limit` due keys for this process (skipping those another has locked) and leases them. */
async function claim(db: Db, limit: number, only?: SQL): Promise<string[]> {
  const due = db
    .select({ storageKey: fileDeletions.storageKey })
    .from(fileDeletions)
    .where(and(lte(fileDeletions.nextAttemptAt, sql`now()`), only))
    // Fewest failures first: a key the store keeps refusing cannot hold back the others.
    .orderBy(fileDeletions.attempts, fileDeletions.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(fileDeletions)
    .set({ nextAttemptAt: LEASE })
    .where(inArray(fileDeletions.storageKey, due))
    .returning({ storageKey: fileDeletions.storageKey, attempts: fileDeletions.attempts });
  // An update answers in no particular order: the keys that failed least are tried first.
  return rows.sort((a, b) => a.attempts - b.attempts).map((row) => row.storageKey);
}

/**
 * After a failure the key that failed waits its back-off, with the error kept for the operator; the keys of the
 * batch not tried yet come due again in 30 seconds, as the store is probably down.
 */
async function postpone(deps: FileDeletionDeps, failed: string, untried: string[], error: unknown): Promise<void> {
  const reason = (error instanceof Error && error.cause instanceof Error ? error.cause : error) as Error;
  const [row] = await deps.db
    .update(fileDeletions)
    .set({ attempts: sql`${fileDeletions.attempts} + 1`, nextAttemptAt: BACKOFF, lastError: String(reason).slice(0, 500) })
    .where(eq(fileDeletions.storageKey, failed))
    .returning({ attempts: fileDeletions.attempts });
  if (untried.length > 0) {
    await deps.db.update(fileDeletions).set({ nextAttemptAt: UNTRIED }).where(inArray(fileDeletions.storageKey, untried));
  }
  const details = { err: error, key: failed, attempts: row?.attempts, waiting: untried.length };
  if ((row?.attempts ?? 0) >= LOUD_AFTER) deps.logger.error(details, 'stored file still not deleted; retrying with back-off');
  else deps.logger.warn(details, 'stored file not deleted yet; retrying with back-off');
}

/**
 * Deletes claimed files one by one, then forgets those that are gone. At the first failure the store is taken to be
 * down and the pass stops (see postpone). Answers how many went and whether all did.
 */
async function deleteClaimed(deps: FileDeletionDeps, keys: string[]): Promise<{ deleted: number; complete: boolean }> {
  const gone: string[] = [];
  let failure: { error: unknown; key: string; untried: string[] } | null = null;
  for (const [i, key] of keys.entries()) {
    try {
      await deps.storage.delete(key);
      gone.push(key);
    } catch (error) {
      failure = { error, key, untried: keys.slice(i + 1) };
      break;
    }
  }
  if (gone.length > 0) await deps.db.delete(fileDeletions).where(inArray(fileDeletions.storageKey, gone));
  if (failure) await postpone(deps, failure.key, failure.untried, failure.error);
  return { deleted: gone.length, complete: failure === null };
}

/**
 * Right after the recording transaction has committed: deletes those files now, so a deletion is done when the
 * request answers. One that fails stays recorded for the retry loop; nothing is thrown, the request still succeeds.
 */
export async function deleteQueuedFiles(deps: FileDeletionDeps, keys: readonly string[]): Promise<void> {
  try {
    for (const chunk of chunksOf(keys.slice(0, INLINE_LIMIT), BATCH)) {
      const mine = await claim(deps.db, chunk.length, inArray(fileDeletions.storageKey, chunk));
      if (!(await deleteClaimed(deps, mine)).complete) return;
    }
  } catch (error) {
    // The database itself failed after the commit: the keys are recorded, so the retry loop will find them.
    deps.logger.error({ err: error, files: keys.length }, 'deleting recorded files failed; left to the retry loop');
  }
}

/**
 * One pass of the retry loop: deletes every due file, batch by batch, until none is due or the store fails.
 * Several processes may run it at once; each key is taken by one of them at a time. Answers how many went.
 */
export async function retryFileDeletions(deps: FileDeletionDeps): Promise<number> {
  let deleted = 0;
  for (;;) {
    const mine = await claim(deps.db, BATCH);
    const pass = await deleteClaimed(deps, mine);
    deleted += pass.deleted;
    if (!pass.complete || mine.length < BATCH) return deleted;
  }
}

const FIRST_PASS_MS = 5_000;
const EVERY_MS = 30_000;

/** The retry loop (decision 039): a pass 5 seconds after start, so recorded deletions survive a restart, then every 30. */
export function startFileDeletionRetrier(
  deps: FileDeletionDeps,
  timing: PeriodicTiming = { firstMs: FIRST_PASS_MS, everyMs: EVERY_MS },
): PeriodicJob {
  const pass = async () => {
    const count = await retryFileDeletions(deps);
    if (count > 0) deps.logger.info({ count }, 'recorded file deletions done');
  };
  return startPeriodicJob(pass, timing, (error) => deps.logger.error({ err: error }, 'file deletion retry failed'));
}

/** Records and deletes files that no transaction unlinked: an upload whose row went meanwhile, a half-written file. */
export async function deleteFiles(deps: FileDeletionDeps, keys: ReadonlyArray<string | null | undefined>): Promise<void> {
  await deleteQueuedFiles(deps, await queueFileDeletions(deps.db, keys));
}
