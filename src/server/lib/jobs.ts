import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { Logger } from './logger.ts';

/** Work the server does on a schedule rather than on a request (decision 061). */
export type ScheduledJob = {
  /** The queue's name in pg-boss. */
  name: string;
  /** When a run is due, as cron in Swedish time: pg-boss makes one run per tick for all processes together. */
  cron: string;
  /** Also one run as this process starts, so work missed while every process was down is done at once. */
  atStart?: boolean;
  run: () => Promise<void>;
};

export type JobRunner = { stop(): Promise<void> };

/** How often an idle process asks the queue for work; a run due at a tick waits at most this long. */
const POLL_SECONDS = 10;

export type JobOptions = { pollSeconds?: number };

function queueOn(database: Database): PgBoss {
  const connection = database.jobConnection;
  // The embedded database has one connection, shared with the app; pg-boss runs its statements on it in turn,
  // through the same client as the app, in the database's own thread (decision 066).
  if (connection.kind === 'pglite') return new PgBoss({ db: fromPglite(connection.client), backend: 'pglite' });
  return new PgBoss({ connectionString: connection.url, max: 2, application_name: 'kvitt-jobs' });
}

/**
 * Runs scheduled work through pg-boss, in the database itself (schema `pgboss`, created on first start): each tick
 * of a job's cron becomes one queued run that exactly one process takes, a failed run is retried, and a process
 * that stops leaves its run to another. A run must still be safe to repeat: the queue delivers at least once.
 */
export async function startJobs(
  database: Database,
  logger: Logger,
  jobs: readonly ScheduledJob[],
  options: JobOptions = {},
): Promise<JobRunner> {
  const boss = queueOn(database);
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 15 * 60,
      deleteAfterSeconds: 24 * 3600,
    });
    await boss.schedule(job.name, job.cron, null, { tz: 'Europe/Stockholm' });
    // Queued before this process asks for work, so its first fetch already finds it.
    if (job.atStart) await boss.send(job.name, null);
    await boss.work(job.name, { pollingIntervalSeconds: options.pollSeconds ?? POLL_SECONDS }, async () => {
      try {
        await job.run();
      } catch (error) {
        logger.error({ err: error, job: job.name }, 'scheduled job failed; the queue retries it');
        throw error;
      }
    });
  }
  return {
    // Waits for runs in progress, so the database can close after it.
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
