import type { Agent } from 'node:https';
import { getConnInfo } from '@hono/node-server/conninfo';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ErrorCode } from '#shared/errors.ts';
import { todayIso } from '#shared/format.ts';
import { createAuth, SESSION_COOKIE } from './features/auth/auth.ts';
import type { Auth } from './features/auth/auth.ts';
import { authRoutes, defaultAuthRateRules } from './features/auth/routes.ts';
import type { AuthRateRules } from './features/auth/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { accountRoutes } from './features/account/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { siteRoutes } from './features/site/routes.ts';
import { eventRoutes } from './features/groups/events.ts';
import { activityRoutes } from './features/activity/routes.ts';
import { expenseRoutes } from './features/expenses/routes.ts';
import { recurringRoutes } from './features/expenses/recurring-routes.ts';
import { groupRoutes } from './features/groups/routes.ts';
import { insertGroupWithOwner } from './features/groups/repo.ts';
import { newInviteCode } from './features/groups/service.ts';
import { importRoutes } from './features/imports/routes.ts';
import { inviteRoutes } from './features/invites/routes.ts';
import type { JoinRateRules } from './features/invites/routes.ts';
import { settlementRoutes } from './features/settlement/routes.ts';
import { pushRoutes } from './features/push/routes.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { clientAddress } from './lib/context.ts';
import type { AppEnv } from './lib/context.ts';
import { AppError, errorBody } from './lib/errors.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail.ts';
import type { Storage } from './lib/storage.ts';
import { assistRoutes } from './features/assist/routes.ts';
import type { ReceiptReader } from './features/assist/service.ts';
import { createNotifier } from './lib/push/notifier.ts';
import { createPushSender } from './lib/push/sender.ts';
import type { PushSender } from './lib/push/sender.ts';
import { loadVapidKeys } from './lib/push/vapid.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { createRealtime } from './lib/realtime.ts';
import { createMembershipCache } from './lib/membership-cache.ts';
import { createAnswerCache } from './lib/answer-cache.ts';
import { useMembershipCache } from './lib/access.ts';
import { createRouter, wellFormedQuery } from './lib/router.ts';
import { createStripeClient } from './lib/stripe.ts';
import { isHashedAsset, originCheck, securityHeaders } from './lib/security.ts';
import { mountWebApp } from './lib/static.ts';
import { compressAnswers } from './lib/compression.ts';
import { createSessionCache } from './lib/session-cache.ts';
import { sessionLookup } from './lib/session-lookup.ts';

export type AppDeps = {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
  /** Receipt reader (tesseract pool and optional vision model); without it OCR answers OCR_UNAVAILABLE. */
  receiptReader?: ReceiptReader;
  /** Built web app to serve; omitted in API tests. */
  webDir?: string;
  authRateRules?: Partial<AuthRateRules>;
  joinRules?: JoinRateRules;
  /** TLS agent for requests to push services; tests pass one that trusts their local push service. */
  pushAgent?: Agent;
  /** Today's date in Sweden (YYYY-MM-DD), for recurring expenses; tests pass their own clock. */
  today?: () => string;
};

/** `close` ends long-lived event streams, so a graceful shutdown does not wait for them. */
export type App = { app: OpenAPIHono<AppEnv>; auth: Auth; push: PushSender; close: () => void };

// Hono's own refusals: malformed JSON (400), a body over a route's limit (413), a body of the wrong media type (415).
const statusCodes: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function addressOf(env: Env) {
  return (c: Context) => {
    let socket: string | undefined;
    try {
      socket = getConnInfo(c).remote.address;
    } catch {
      socket = undefined; // app.request() in tests has no socket
    }
    return clientAddress(c, env.TRUST_PROXY, socket);
  };
}

/** Builds the whole HTTP application without listening, so tests can call it in-process. */
export function createApp(deps: AppDeps): App {
  const { env, database, logger, mailer } = deps;
  const db = database.db;
  const auth = createAuth({ db, env, mailer, logger });
  const rateLimiter = createRateLimiter(db);
  const origin = new URL(env.PUBLIC_URL).origin;
  const push = createPushSender({ db, vapid: loadVapidKeys(env, logger), logger, agent: deps.pushAgent });
  const notifier = createNotifier({ db, sender: push });
  const app = createRouter();

  const withRequestId = requestId({ generator: () => crypto.randomUUID() });
  app.use((c, next) => (isHashedAsset(c.req.path) ? next() : withRequestId(c, next)));
  app.use(async (c, next) => {
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    c.set('user', null);
    c.set('sessionId', null);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      log.info(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });
  app.use(securityHeaders({ https: origin.startsWith('https:') }));
  app.use('/api/*', compressAnswers());
  app.use('/api/*', originCheck({ origin, exempt: (path) => path === '/api/billing/webhook' }));
  // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- hono types a route's input as `any` here
  app.use('/api/*', async (c, next) => (c.req.path.startsWith('/api/auth/') ? next() : wellFormedQuery(c, next)));
  const realtime = createRealtime(database, logger);
  const sessionCache = createSessionCache({ realtime, logger });
  const membershipCache = createMembershipCache({ realtime, logger });
  useMembershipCache(db, membershipCache);
  const answers = createAnswerCache({ maxBytes: env.GROUP_ANSWER_CACHE_MB * 1024 * 1024 });
  app.use(
    '/api/*',
    sessionLookup({
      cookieName: SESSION_COOKIE,
      sessionCache,
      membershipCache,
      sessionOf: (headers) => auth.api.getSession({ headers }),
    }),
  );

  app.route(
    '/api/auth',
    authRoutes({ auth, rateLimiter, rules: deps.authRateRules ?? defaultAuthRateRules, address: addressOf(env) }),
  );
  app.route('/api', healthRoutes({ database }));
  const stripe = createStripeClient(env);
  app.route(
    '/api',
    accountRoutes({
      db,
      storage: deps.storage,
      stripe,
      logger,
      signOut: (headers) => auth.api.signOut({ headers, asResponse: true }),
    }),
  );
  app.route('/api', billingRoutes({ db, env, stripe, logger }));
  app.route('/api', siteRoutes({ db, env, rateLimiter, address: addressOf(env) }));
  app.route('/api', groupRoutes({ db, storage: deps.storage, logger }));
  app.route('/api', activityRoutes({ db }));
  app.route('/api', importRoutes({ db, insertGroupWithOwner, newInviteCode }));
  app.route(
    '/api',
    inviteRoutes({
      db,
      publicUrl: env.PUBLIC_URL,
      rateLimiter,
      address: addressOf(env),
      ...(deps.joinRules ? { joinRules: deps.joinRules } : {}),
    }),
  );
  app.route('/api', settlementRoutes({ db, rateLimiter, notifier, answers }));
  app.route('/api', pushRoutes({ db, publicKey: push.publicKey }));
  app.route('/api', assistRoutes({ db, rateLimiter, storage: deps.storage, receiptReader: deps.receiptReader }));
  app.route('/api', expenseRoutes({ db, storage: deps.storage, env, logger, notifier, answers }));
  app.route(
    '/api',
    recurringRoutes({ db, storage: deps.storage, env, logger, notifier, today: deps.today ?? (() => todayIso()) }),
  );
  app.route('/api', eventRoutes({ db, realtime, logger }));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Kvitt API', version: '1', description: 'Errors answer { error: { code, fields?, requestId? } }.' },
  });

  app.notFound((c) => {
    if (c.req.path.startsWith('/api')) return c.json(errorBody('NOT_FOUND', undefined, c.get('requestId')), 404);
    return c.text('Not found', 404);
  });
  app.onError((error, c) => {
    const requestIdValue = c.get('requestId');
    if (error instanceof AppError)
      return c.json(errorBody(error.code, error.fields, requestIdValue), error.status as 400);
    if (error instanceof HTTPException && statusCodes[error.status]) {
      const code = statusCodes[error.status] as ErrorCode;
      return c.json(errorBody(code, undefined, requestIdValue), error.status);
    }
    (c.get('log') ?? logger).error({ err: error }, 'unhandled error');
    return c.json(errorBody('INTERNAL', undefined, requestIdValue), 500);
  });

  if (deps.webDir) mountWebApp(app, deps.webDir, SESSION_COOKIE);
  return { app, auth, push, close: () => realtime.close() };
}
