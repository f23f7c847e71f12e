import path from 'node:path';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { settle } from '#shared/domain/settlement.ts';
import { todayIso } from '#shared/format.ts';
import { createApp } from './app.ts';
import { defaultAuthRateRules } from './features/auth/routes.ts';
import { defaultJoinRateRules } from './features/invites/routes.ts';
import { recurringExpenseJob } from './features/expenses/recurring-runner.ts';
import { uploadSweepJob } from './features/expenses/upload-sweeper.ts';
import { openDatabase } from './db/open.ts';
import { DataDirLockedError } from './db/lock.ts';
import { loadEnv } from './env.ts';
import { createExchangeRates } from './lib/exchange-rates/exchange-rates.ts';
import { startFileDeletionRetrier } from './lib/file-deletions.ts';
import { startJobs } from './lib/jobs.ts';
import { createNotifier } from './lib/push/notifier.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mail.ts';
import { startMetricsLog } from './lib/metrics.ts';
import { closeImageThreads } from './lib/image-threads/pool.ts';
import { OcrError, startReceiptReading } from './lib/ocr/index.ts';
import { createLocalStorage, createS3Storage } from './lib/storage.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 65_000;

/**
 * The exact settlement solver is fast once V8 has optimised its loops but several times slower on its first call;
 * settling one synthetic 20-member group before listening keeps the first user's request within budget.
 */
function warmUpSettlement(): void {
  const balances = Array.from({ length: 20 }, (_, i) => ({
    memberId: `m${i}`,
    balance: (i % 2 === 0 ? 1 : -1) * (100 + (i >> 1) * 37),
  }));
  settle(balances);
}

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' && process.stdout.isTTY });

  let opened;
  try {
    opened = await openDatabase(env, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { database, release } = opened;
  if (env.METRICS_INTERVAL_MS > 0) startMetricsLog(logger, env.METRICS_INTERVAL_MS);

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.dataDir, 'outbox'),
    logger,
  });
  const storage = env.S3_BUCKET
    ? createS3Storage(
        {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        },
        { logger },
      )
    : createLocalStorage(path.join(env.dataDir, 'files'), { logger });
  const webDir = path.resolve(env.WEB_DIR);
  // Workers load their language data in the background from start-up, so neither listening nor the first scanned
  // receipt waits for it; a scan arriving earlier simply waits for the pool.
  const reading = startReceiptReading(env, logger);
  reading.catch((error: unknown) => logger.error({ err: error }, 'receipt reading could not start'));
  // A reader that could not start is no reader running (OCR_UNAVAILABLE), not an unknown error.
  const started = reading.catch((cause: unknown) =>
    Promise.reject(new OcrError('UNAVAILABLE', 'receipt reading did not start', { cause })),
  );
  started.catch(() => {});
  const receiptReader = {
    read: async (image: Uint8Array, options: { today: string }) => (await started).reader.read(image, options),
  };
  const authRateRules = {
    ...defaultAuthRateRules,
    signUp: { limit: env.SIGNUP_LIMIT_PER_HOUR, windowMs: 60 * 60_000 },
  };
  const joinRules = {
    ...defaultJoinRateRules,
    perAddress: { limit: env.JOIN_LIMIT_PER_ADDRESS, windowMs: 15 * 60_000 },
  };
  const {
    app,
    push,
    close: closeApp,
  } = createApp({ env, database, logger, mailer, storage, webDir, authRateRules, joinRules, receiptReader });

  const db = database.db;
  const rates = createExchangeRates({ db, url: env.ECB_RATES_URL, logger });
  const notifier = createNotifier({ db, sender: push });
  // Started beside listening: the queue creates its tables on a first start, which takes seconds on PGlite.
  const jobs = startJobs(database, logger, [
    uploadSweepJob({ db, storage, logger }),
    recurringExpenseJob({ db, storage, rates, logger, notifier, today: () => todayIso() }),
  ]);
  jobs.catch((error: unknown) => logger.error({ err: error }, 'scheduled jobs could not start'));
  const deletionRetrier = startFileDeletionRetrier({ db: database.db, storage, logger });

  warmUpSettlement();
  const server: ServerType = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { url: env.PUBLIC_URL, port: info.port, database: database.kind, mail: mailer.target },
      `Kvitt körs på ${env.PUBLIC_URL}`,
    );
  });

  // A client that sends on a kept-alive connection just as the server closes it for idleness gets "connection reset".
  // Node closes after 5 s; proxies, load balancers and test clients keep idle connections for up to a minute, so the
  // server waits longer than they do and the client is always the one to close (decision 072).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.warn('requests still open after the grace period; closing them');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    closeApp();
    // close() stops accepting and waits for requests in flight; idle keep-alive sockets would hold it open.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    mailer.close();
    await push.idle();
    await jobs.then((runner) => runner.stop()).catch(() => {});
    await deletionRetrier.stop();
    await reading.then((r) => r.close()).catch(() => {});
    await closeImageThreads();
    await database.close();
    release();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
