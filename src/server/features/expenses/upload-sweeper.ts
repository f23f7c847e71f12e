import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { startPeriodicJob } from '../../lib/periodic.ts';
import type { PeriodicJob, PeriodicTiming } from '../../lib/periodic.ts';
import type { Storage } from '../../lib/storage.ts';
import { sweepAbandonedUploads } from './pending-uploads.ts';

const HOUR_MS = 60 * 60_000;
const FIRST_SWEEP_MS = 60_000;

export type UploadSweeper = PeriodicJob;

/**
 * Deletes receipt images left unattached for a day (decision 032): once a minute after start, then every hour.
 * Several processes may sweep at once; `stop` waits for a sweep in progress.
 */
export function startUploadSweeper(
  deps: { db: Db; storage: Storage; logger: Logger },
  timing: PeriodicTiming = { firstMs: FIRST_SWEEP_MS, everyMs: HOUR_MS },
): UploadSweeper {
  const sweep = async () => {
    const count = await sweepAbandonedUploads(deps);
    if (count > 0) deps.logger.info({ count }, 'abandoned receipt images deleted');
  };
  return startPeriodicJob(sweep, timing, (error) =>
    deps.logger.error({ err: error }, 'sweep of abandoned receipt images failed'),
  );
}
