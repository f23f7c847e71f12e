import type {
  DeletePaymentResponse,
  RecordPaymentBody,
  RecordPaymentResponse,
  TransferThresholdBody,
} from '#shared/api/settlement.ts';
import { checkPaymentCount } from '#shared/domain/limit-checks.ts';
import { mayRecordOrDeletePayment, maySettleGroup, maySetTransferThreshold } from '#shared/domain/policies.ts';
import { todayIso } from '#shared/format.ts';
import { requireAllowed, requireMembership, viewerOf } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { ledgerStateIn } from './ledger-cache.ts';
import * as payments from './payments-repo.ts';
import * as repo from './repo.ts';
import { memberMap, paymentView, settle } from './service.ts';
import { recordEvent } from '../../repositories/activity.ts';
import type { SettlementDeps } from './service.ts';

/**
 * "Registrera betalning": a payment of any amount between two members, in the group currency, as one of the two or
 * the owner says it happened (decision 059). It may be more than is owed (the balance then turns). Recorded under the
 * group lock, so the count limit holds and, like the last transfer marked paid, a payment that brings every balance
 * to zero settles the group.
 */
export async function recordPayment(
  deps: SettlementDeps,
  user: { id: string },
  groupId: string,
  body: RecordPaymentBody,
  now = new Date(),
): Promise<RecordPaymentResponse> {
  const viewer = viewerOf(await requireMembership(deps.db, groupId, user.id));
  // The day as it is in Sweden, where Kvitt dates expenses too.
  if (body.paidOn > todayIso(now)) throw new AppError('VALIDATION', { paidOn: 'dateInFuture' });
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockGroup(tx, groupId);
    const byId = memberMap(await repo.loadMembers(tx, groupId));
    if (!byId.has(body.fromMemberId)) throw new AppError('VALIDATION', { fromMemberId: 'memberUnknown' });
    if (!byId.has(body.toMemberId)) throw new AppError('VALIDATION', { toMemberId: 'memberUnknown' });
    unwrap(mayRecordOrDeletePayment(viewer, locked, body));
    unwrap(checkPaymentCount(await payments.countPayments(tx, groupId)));
    const payment = await payments.insertPayment(tx, {
      groupId,
      kind: 'recorded',
      fromMemberId: body.fromMemberId,
      toMemberId: body.toMemberId,
      amountOre: body.amountOre,
      currency: locked.currency,
      method: body.method,
      paidOn: body.paidOn,
      note: body.note || null,
      recordedByMemberId: viewer.myMemberId,
    });
    await payments.auditPayment(tx, { groupId, actorId: user.id, action: 'created', payment });
    await recordEvent(tx, groupId, viewer.myMemberId, {
      kind: 'payment_recorded',
      fromMemberId: payment.fromMemberId,
      toMemberId: payment.toMemberId,
      amountOre: payment.amountOre,
      currency: locked.currency,
    });
    const after = await ledgerStateIn(tx, locked);
    const group = maySettleGroup(after).ok ? await settle(tx, groupId, null) : locked;
    return { payment: paymentView(payment, byId, viewer, group), isSettled: group.isSettled };
  });
}

/**
 * Deletes a payment of either kind, as an undo: by one of its two members or the owner, while the group is open
 * (decision 059). The balances and the proposal go back to what they were without it.
 */
export async function deletePayment(
  deps: SettlementDeps,
  user: { id: string },
  groupId: string,
  paymentId: string,
): Promise<DeletePaymentResponse> {
  const viewer = viewerOf(await requireMembership(deps.db, groupId, user.id));
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockGroup(tx, groupId);
    const payment = await payments.findPaymentById(tx, groupId, paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    unwrap(mayRecordOrDeletePayment(viewer, locked, payment));
    await payments.deletePayment(tx, payment.id);
    await payments.auditPayment(tx, { groupId, actorId: user.id, action: 'deleted', payment });
    await recordEvent(tx, groupId, viewer.myMemberId, {
      kind: 'payment_deleted',
      fromMemberId: payment.fromMemberId,
      toMemberId: payment.toMemberId,
      amountOre: payment.amountOre,
      currency: locked.currency,
    });
    return { isSettled: locked.isSettled };
  });
}

/** The owner's "leave out transfers below" for the group's proposal (decision 059). */
export async function setTransferThreshold(
  deps: SettlementDeps,
  userId: string,
  groupId: string,
  body: TransferThresholdBody,
): Promise<TransferThresholdBody> {
  await requireAllowed(deps.db, groupId, userId, maySetTransferThreshold);
  await repo.setMinTransfer(deps.db, groupId, body.minTransferOre);
  return { minTransferOre: body.minTransferOre };
}
