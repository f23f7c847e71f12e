import type { Db } from '../../db/client.ts';
import type { ScheduledJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../lib/storage.ts';
import { sweepAbandonedUploads } from './pending-uploads.ts';

/**
 * Deletes receipt images left unattached for a day (decision 032): every hour, and once as a process starts, on the
 * job queue (decision 061). Several processes may sweep at once; each row is taken by one of them.
 */
export function uploadSweepJob(deps: { db: Db; storage: Storage; logger: Logger }): ScheduledJob {
  return {
    name: 'receipt-upload-sweep',
    cron: '17 * * * *',
    atStart: true,
    run: async () => {
      const count = await sweepAbandonedUploads(deps);
      if (count > 0) deps.logger.info({ count }, 'abandoned receipt images deleted');
    },
  };
}
