import { createRoute } from '@hono/zod-openapi';
import {
  balancesResponse,
  breakdownPage,
  breakdownQuery,
  deletePaymentResponse,
  markPaidBody,
  markPaidResponse,
  paymentParams,
  recordPaymentBody,
  recordPaymentResponse,
  transferThresholdBody,
  transferThresholdResponse,
  settledStateResponse,
  settlementParams,
  settlementResponse,
} from '#shared/api/settlement.ts';
import { overviewResponse } from '#shared/api/overview.ts';
import type { BalancesResponse, RecordedPayment, SettlementResponse } from '#shared/api/settlement.ts';
import { remindBody, remindResponse } from '#shared/api/push.ts';
import { jsonBytes } from '../../lib/answer-cache.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { requireUser } from '../../lib/context.ts';
import type { Notifier } from '../../lib/push/notifier.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { createRouter } from '../../lib/router.ts';
import type { Db } from '../../db/client.ts';
import { createLedgerCache } from './ledger-cache.ts';
import { getOverview } from './overview.ts';
import * as paymentService from './payments-service.ts';
import * as service from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['settlement'];
const params = settlementParams;

const routes = {
  overview: createRoute({
    method: 'get',
    path: '/overview',
    tags,
    responses: { 200: json(overviewResponse, 'What the caller owes and is owed across all their groups') },
  }),
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
  recordPayment: createRoute({
    method: 'post',
    path: '/groups/{groupId}/payments',
    tags,
    request: { params, body: { content: { 'application/json': { schema: recordPaymentBody } }, required: true } },
    responses: {
      201: json(
        recordPaymentResponse,
        'The payment between two members is recorded; the proposal follows the new balances',
      ),
    },
  }),
  deletePayment: createRoute({
    method: 'delete',
    path: '/groups/{groupId}/payments/{paymentId}',
    tags,
    request: { params: paymentParams },
    responses: { 200: json(deletePaymentResponse, 'The payment is gone; balances and proposal are as without it') },
  }),
  transferThreshold: createRoute({
    method: 'put',
    path: '/groups/{groupId}/transfer-threshold',
    tags,
    request: { params, body: { content: { 'application/json': { schema: transferThresholdBody } }, required: true } },
    responses: { 200: json(transferThresholdResponse, 'Proposed transfers below this are left out and stated') },
  }),
  remind: createRoute({
    method: 'post',
    path: '/groups/{groupId}/reminders',
    tags,
    request: { params, body: { content: { 'application/json': { schema: remindBody } }, required: true } },
    responses: {
      200: json(remindResponse, 'The payer is being reminded; REMINDER_ALREADY_SENT within a day of the last one'),
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

type SettlementRouteDeps = { db: Db; rateLimiter: RateLimiter; notifier: Notifier; answers: AnswerCache };

/**
 * Balances, the settlement calculation, marking transfers paid, recording and deleting payments, the transfer
 * threshold, reminders, and settling or reopening a group.
 */
export function settlementRoutes({ db, rateLimiter, notifier, answers }: SettlementRouteDeps) {
  const deps = { db, ledgerState: createLedgerCache(db), answers };
  /** A new payment, marked or recorded, is pushed to its two members, except the one who saved it. */
  const tellParties = (user: { id: string; name: string }, groupId: string, payment: RecordedPayment) =>
    notifier.transferPaid({
      groupId,
      paymentId: payment.id,
      actor: { userId: user.id, name: user.name },
      memberIds: [payment.fromMemberId, payment.toMemberId],
      amountOre: payment.amountOre,
      currency: payment.currency,
    });
  return createRouter()
    .openapi(routes.overview, async (c) => c.json(await getOverview(deps, requireUser(c).id), 200))
    .openapi(routes.balances, async (c) =>
      jsonBytes<BalancesResponse>(c, await service.getBalances(deps, requireUser(c).id, c.req.valid('param').groupId)),
    )
    .openapi(routes.settlement, async (c) =>
      jsonBytes<SettlementResponse>(
        c,
        await service.getSettlement(deps, requireUser(c).id, c.req.valid('param').groupId),
      ),
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
      const user = requireUser(c);
      const groupId = c.req.valid('param').groupId;
      const result = await service.markPaid(deps, user.id, groupId, c.req.valid('json'));
      if (result.created) tellParties(user, groupId, result.payment);
      return c.json(result, 200);
    })
    .openapi(routes.recordPayment, async (c) => {
      const user = requireUser(c);
      const groupId = c.req.valid('param').groupId;
      const result = await paymentService.recordPayment(deps, user, groupId, c.req.valid('json'));
      tellParties(user, groupId, result.payment);
      return c.json(result, 201);
    })
    .openapi(routes.deletePayment, async (c) => {
      const { groupId, paymentId } = c.req.valid('param');
      return c.json(await paymentService.deletePayment(deps, requireUser(c), groupId, paymentId), 200);
    })
    .openapi(routes.transferThreshold, async (c) => {
      const groupId = c.req.valid('param').groupId;
      const body = c.req.valid('json');
      return c.json(await paymentService.setTransferThreshold(deps, requireUser(c).id, groupId, body), 200);
    })
    .openapi(routes.remind, async (c) => {
      const user = requireUser(c);
      const groupId = c.req.valid('param').groupId;
      const body = c.req.valid('json');
      const sent = await service.remind({ ...deps, rateLimiter }, user.id, groupId, body);
      notifier.reminder({
        groupId,
        actor: { userId: user.id, name: user.name },
        fromMemberId: body.fromMemberId,
        toMemberId: body.toMemberId,
        amountOre: sent.amountOre,
        currency: sent.currency,
      });
      return c.json({ nextReminderAt: sent.nextReminderAt.toISOString() }, 200);
    })
    .openapi(routes.settle, async (c) =>
      c.json(await service.settleGroup(deps, requireUser(c).id, c.req.valid('param').groupId), 200),
    )
    .openapi(routes.reopen, async (c) =>
      c.json(await service.reopenGroup(deps, requireUser(c).id, c.req.valid('param').groupId), 200),
    );
}
