import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../lib/storage.ts';
import { sweepAbandonedUploads } from './pending-uploads.ts';

const HOUR_MS = 60 * 60_000;
const FIRST_SWEEP_MS = 60_000;

export type UploadSweeper = { stop(): Promise<void> };

/**
 * Deletes receipt images left unattached for a day (decision 032): once a minute after start, so a server that is
 * restarted often still sweeps, then every hour. The timers never keep the process alive; several processes may
 * sweep at once. `stop` cancels the timers and waits for a sweep in progress, so the database can close after it.
 */
export function startUploadSweeper(
  deps: { db: Db; storage: Storage; logger: Logger },
  timing: { firstMs: number; everyMs: number } = { firstMs: FIRST_SWEEP_MS, everyMs: HOUR_MS },
): UploadSweeper {
  let running: Promise<void> | null = null;
  let stopped = false;

  const sweep = () => {
    if (running || stopped) return;
    running = sweepAbandonedUploads(deps)
      .then((count) => {
        if (count > 0) deps.logger.info({ count }, 'abandoned receipt images deleted');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'sweep of abandoned receipt images failed'))
      .finally(() => {
        running = null;
      });
  };

  const first = setTimeout(sweep, timing.firstMs);
  const every = setInterval(sweep, timing.everyMs);
  first.unref();
  every.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
