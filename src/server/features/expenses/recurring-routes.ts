import { createRoute } from '@hono/zod-openapi';
import {
  createRecurringBody,
  createRecurringResponse,
  recurringGroupParams,
  recurringListResponse,
  recurringParams,
  recurringResponse,
  updateRecurringBody,
} from '#shared/api/recurring.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { requireUser } from '../../lib/context.ts';
import { createExchangeRates } from '../../lib/exchange-rates/exchange-rates.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Notifier } from '../../lib/push/notifier.ts';
import { createRouter } from '../../lib/router.ts';
import type { Storage } from '../../lib/storage.ts';
import { createRecurringService } from './recurring-service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const jsonBody = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const tags = ['recurring expenses'];

const routes = {
  list: createRoute({
    method: 'get',
    path: '/groups/{groupId}/recurring-expenses',
    tags,
    request: { params: recurringGroupParams },
    responses: { 200: json(recurringListResponse, 'The group’s recurring expenses, newest first') },
  }),
  create: createRoute({
    method: 'post',
    path: '/groups/{groupId}/recurring-expenses',
    tags,
    request: { params: recurringGroupParams, body: jsonBody(createRecurringBody) },
    responses: { 201: json(createRecurringResponse, 'The series and its first expense, saved under the body’s id') },
  }),
  get: createRoute({
    method: 'get',
    path: '/recurring-expenses/{seriesId}',
    tags,
    request: { params: recurringParams },
    responses: { 200: json(recurringResponse, 'One recurring expense') },
  }),
  update: createRoute({
    method: 'patch',
    path: '/recurring-expenses/{seriesId}',
    tags,
    request: { params: recurringParams, body: jsonBody(updateRecurringBody) },
    responses: { 200: json(recurringResponse, 'The series, changed from its next occurrence on') },
  }),
  end: createRoute({
    method: 'post',
    path: '/recurring-expenses/{seriesId}/end',
    tags,
    request: { params: recurringParams },
    responses: { 200: json(recurringResponse, 'The series, ended; its expenses stay') },
  }),
};

export type RecurringRouteDeps = {
  db: Db;
  storage: Storage;
  env: Env;
  logger: Logger;
  notifier: Notifier;
  /** Today's date in Sweden; tests pass their own clock. */
  today: () => string;
};

/** Recurring expenses (decision 061): started from the wizard, shown and ended in the Kvitton tab. */
export function recurringRoutes({ db, storage, env, logger, notifier, today }: RecurringRouteDeps) {
  const rates = createExchangeRates({ db, url: env.ECB_RATES_URL, logger });
  const recurring = createRecurringService({ db, storage, rates, logger, notifier, today });
  return createRouter()
    .openapi(routes.list, async (c) =>
      c.json({ series: await recurring.list(c.req.valid('param').groupId, requireUser(c).id) }, 200),
    )
    .openapi(routes.create, async (c) => {
      const { series, expenseId } = await recurring.create(
        c.req.valid('param').groupId,
        requireUser(c).id,
        c.req.valid('json'),
      );
      return c.json({ series, expenseId }, 201);
    })
    .openapi(routes.get, async (c) =>
      c.json({ series: await recurring.get(c.req.valid('param').seriesId, requireUser(c).id) }, 200),
    )
    .openapi(routes.update, async (c) => {
      const series = await recurring.change(c.req.valid('param').seriesId, requireUser(c).id, c.req.valid('json'));
      return c.json({ series }, 200);
    })
    .openapi(routes.end, async (c) =>
      c.json({ series: await recurring.end(c.req.valid('param').seriesId, requireUser(c).id) }, 200),
    );
}
