import { createRoute } from '@hono/zod-openapi';
import {
  balancesResponse,
  breakdownPage,
  breakdownQuery,
  markPaidBody,
  markPaidResponse,
  settledStateResponse,
  settlementParams,
  settlementResponse,
} from '#shared/api/settlement.ts';
import { requireUser } from '../../lib/context.ts';
import { createRouter } from '../../lib/router.ts';
import type { Db } from '../../db/client.ts';
import { createLedgerCache } from './ledger-cache.ts';
import * as service from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['settlement'];
const params = settlementParams;

const routes = {
  balances: createRoute({
    method: 'get',
    path: '/groups/{groupId}/balances',
    tags,
    request: { params },
    responses: { 200: json(balancesResponse, 'Each member’s balance in öre of the group currency') },
  }),
  settlement: createRoute({
    method: 'get',
    path: '/groups/{groupId}/settlement',
    tags,
    request: { params },
    responses: {
      200: json(
        settlementResponse,
        'Balances, the fewest transfers that settle them, payments made and the newest expenses',
      ),
    },
  }),
  breakdown: createRoute({
    method: 'get',
    path: '/groups/{groupId}/settlement/breakdown',
    tags,
    request: { params, query: breakdownQuery },
    responses: { 200: json(breakdownPage, 'Older expenses of the per-expense breakdown') },
  }),
  markPaid: createRoute({
    method: 'post',
    path: '/groups/{groupId}/settlements',
    tags,
    request: { params, body: { content: { 'application/json': { schema: markPaidBody } }, required: true } },
    responses: {
      200: json(markPaidResponse, 'The recorded payment; created is false when it had already been recorded'),
    },
  }),
  settle: createRoute({
    method: 'post',
    path: '/groups/{groupId}/settle',
    tags,
    request: { params },
    responses: { 200: json(settledStateResponse, 'The group is settled (all balances were zero)') },
  }),
  reopen: createRoute({
    method: 'post',
    path: '/groups/{groupId}/reopen',
    tags,
    request: { params },
    responses: { 200: json(settledStateResponse, 'The group is open for editing again') },
  }),
};

/** Balances, the settlement calculation, marking transfers paid, and settling or reopening a group. */
export function settlementRoutes({ db }: { db: Db }) {
  const deps = { db, ledgerState: createLedgerCache(db) };
  return createRouter()
    .openapi(routes.balances, async (c) =>
      c.json(await service.getBalances(deps, requireUser(c).id, c.req.valid('param').groupId), 200),
    )
    .openapi(routes.settlement, async (c) =>
      c.json(await service.getSettlement(deps, requireUser(c).id, c.req.valid('param').groupId), 200),
    )
    .openapi(routes.breakdown, async (c) => {
      const page = await service.getBreakdown(
        deps,
        requireUser(c).id,
        c.req.valid('param').groupId,
        c.req.valid('query').cursor ?? null,
      );
      return c.json(page, 200);
    })
    .openapi(routes.markPaid, async (c) => {
      const result = await service.markPaid(deps, requireUser(c).id, c.req.valid('param').groupId, c.req.valid('json'));
      return c.json(result, 200);
    })
    .openapi(routes.settle, async (c) =>
      c.json(await service.settleGroup(deps, requireUser(c).id, c.req.valid('param').groupId), 200),
    )
    .openapi(routes.reopen, async (c) =>
      c.json(await service.reopenGroup(deps, requireUser(c).id, c.req.valid('param').groupId), 200),
    );
}
