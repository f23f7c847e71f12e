import type {
  BalancesResponse,
  BreakdownPage,
  MarkPaidBody,
  MarkPaidResponse,
  ProposedTransfer,
  RecordedPayment,
  SettledStateResponse,
  SettlementResponse,
} from '#shared/api/settlement.ts';
import { isValidIsoDate } from '#shared/api/expenses.ts';
import { isUuid } from '#shared/api/ids.ts';
import { BREAKDOWN_PAGE_SIZE } from '#shared/api/settlement.ts';
import { allSettled, computeBalances, expenseInGroupCurrency } from '#shared/domain/balances.ts';
import type { MemberBalance } from '#shared/domain/balances.ts';
import type { RemindBody } from '#shared/api/push.ts';
import {
  mayMarkTransferPaid,
  mayRecordOrDeletePayment,
  mayRemindPayer,
  maySettleGroup,
  mayReopenGroup,
  REMINDER_RULE,
} from '#shared/domain/policies.ts';
import type { Viewer } from '#shared/domain/policies.ts';
import { leaveOutSmallTransfers } from '#shared/domain/settlement-threshold.ts';
import { todayIso } from '#shared/format.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { requireAllowed, requireMembership, viewerOf } from '../../lib/access.ts';
import { keptAnswer } from '../../lib/answer-cache.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import * as payments from './payments-repo.ts';
import type { PaymentRow } from './payments-repo.ts';
import * as repo from './repo.ts';
import type { BreakdownRow, GroupState, SettlementMember } from './repo.ts';
import { ledgerStateIn } from './ledger-cache.ts';
import type { LedgerCache, LedgerState } from './ledger-cache.ts';
import { recordEvent } from '../../repositories/activity.ts';

export type SettlementDeps = { db: Db; ledgerState: LedgerCache; answers: AnswerCache };

type Computed = { group: GroupState; members: SettlementMember[]; ledger: LedgerState; balances: MemberBalance[] };

/** A ledger state laid over the current members: every member listed in join order, untouched ones at zero. */
async function compute(db: DbOrTx, group: GroupState, ledger: LedgerState): Promise<Computed> {
  const members = await repo.loadMembers(db, group.id);
  const balances = computeBalances({
    memberIds: members.map((m) => m.id),
    // Cached balances are already paid minus owed per member.
    totals: ledger.balances.map((b) => ({ memberId: b.memberId, paidOre: b.balance, shareOre: 0 })),
  });
  return { group, members, ledger, balances };
}

export const memberMap = (members: SettlementMember[]) => new Map(members.map((m) => [m.id, m]));

function balancesView({ group, members, ledger, balances }: Computed): BalancesResponse {
  const byId = memberMap(members);
  return {
    currency: group.currency,
    isSettled: group.isSettled,
    settledAt: group.settledAt?.toISOString() ?? null,
    expenseCount: ledger.expenseCount,
    convertedExpenseCount: ledger.convertedExpenseCount,
    unratedExpenseCount: ledger.unratedExpenseCount,
    minTransferOre: group.minTransferOre,
    balances: balances
      .map((b) => ({ balance: b, member: byId.get(b.memberId) }))
      // A member who left with nothing owed has no reason to stay on the list.
      .filter(({ balance, member }) => !member?.removed || balance.balance !== 0)
      .map(({ balance, member }) => ({
        memberId: balance.memberId,
        userId: member?.userId ?? null,
        name: member?.name ?? null,
        balanceOre: balance.balance,
        removed: member?.removed ?? true,
      })),
  };
}

/** A payment as the caller sees it; `viewer` and `group` decide whether they may delete it. */
export function paymentView(
  row: PaymentRow,
  byId: Map<string, SettlementMember>,
  viewer: Viewer,
  group: { isSettled: boolean },
): RecordedPayment {
  return {
    id: row.id,
    kind: row.kind,
    fromMemberId: row.fromMemberId,
    fromName: byId.get(row.fromMemberId)?.name ?? null,
    toMemberId: row.toMemberId,
    toName: byId.get(row.toMemberId)?.name ?? null,
    amountOre: row.amountOre,
    currency: row.currency,
    method: row.method,
    paidOn: row.paidOn,
    note: row.note,
    recordedByName: row.recordedByMemberId ? (byId.get(row.recordedByMemberId)?.name ?? null) : null,
    paidAt: row.paidAt.toISOString(),
    canDelete: mayRecordOrDeletePayment(viewer, group, row).ok,
  };
}

/** The plan without the transfers below the group's threshold, and what was left out (decision 059). */
function transfersView(computed: Computed, myMemberId: string) {
  const byId = memberMap(computed.members);
  const { shown, omitted } = leaveOutSmallTransfers(computed.ledger.plan(), computed.group.minTransferOre);
  const transfers: ProposedTransfer[] = shown.map((t) => {
    const from = byId.get(t.from);
    const to = byId.get(t.to);
    return {
      fromMemberId: t.from,
      fromUserId: from?.userId ?? null,
      fromName: from?.name ?? null,
      toMemberId: t.to,
      toUserId: to?.userId ?? null,
      toName: to?.name ?? null,
      toPhone: to?.phone ?? null,
      amountOre: t.amount,
      canMarkPaid: mayMarkTransferPaid({ myMemberId }, { from, to, toMemberId: t.to }).ok,
      canRemind: mayRemindPayer({ myMemberId }, { from, toMemberId: t.to }).ok,
    };
  });
  return { transfers, omittedTransfers: omitted };
}

/** What the balances show of the group row, as the membership check read it: part of every kept answer's key. */
const groupKey = (group: GroupState) => [
  group.currency,
  group.isSettled,
  group.settledAt?.getTime() ?? null,
  group.minTransferOre,
];

/**
 * The Balance tab as JSON bytes: each member's balance in öre of the group currency. The same for every member, so
 * kept per ledger version and group row only (decision 075).
 */
export async function getBalances(
  deps: SettlementDeps,
  userId: string,
  groupId: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const group = repo.toGroupState((await requireMembership(deps.db, groupId, userId)).group);
  const key = JSON.stringify(['balances', ...groupKey(group)]);
  return keptAnswer(deps.answers, deps.db, groupId, key, async () =>
    balancesView(await compute(deps.db, group, await deps.ledgerState(group))),
  );
}

/**
 * The calculation as JSON bytes: balances, the fewest transfers that settle them, payments made, newest expenses.
 * What the viewer may do with each transfer and payment is theirs, so the key names their membership (decision 075).
 */
export async function getSettlement(
  deps: SettlementDeps,
  userId: string,
  groupId: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const membership = await requireMembership(deps.db, groupId, userId);
  const group = repo.toGroupState(membership.group);
  const viewer = viewerOf(membership);
  const key = JSON.stringify(['settlement', viewer.myMemberId, viewer.isOwner, ...groupKey(group)]);
  return keptAnswer(deps.answers, deps.db, groupId, key, async (): Promise<SettlementResponse> => {
    const computed = await compute(deps.db, group, await deps.ledgerState(group));
    const [paid, breakdown] = await Promise.all([
      computed.ledger.payments(),
      computed.ledger.newestExpenses().then((rows) => breakdownOf(rows, computed.members)),
    ]);
    const byId = memberMap(computed.members);
    return {
      ...balancesView(computed),
      myMemberId: viewer.myMemberId,
      ...transfersView(computed, viewer.myMemberId),
      payments: paid.map((p) => paymentView(p, byId, viewer, group)),
      breakdown,
    };
  });
}

const encodeCursor = (date: string, id: string) => Buffer.from(`${date}|${id}`).toString('base64url');

/** The key a breakdown cursor carries; 2026-02-30 or a non-id is VALIDATION, never a database error. */
function decodeCursor(cursor: string): { date: string; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [date = '', id = ''] = parts;
  if (parts.length !== 2 || !isValidIsoDate(date) || !isUuid(id))
    throw new AppError('VALIDATION', { cursor: 'invalid' });
  return { date, id };
}

/** A breakdown page from up to one row more than a page: that extra row only says that older expenses follow. */
function breakdownOf(rows: BreakdownRow[], members: SettlementMember[]): BreakdownPage {
  const byId = memberMap(members);
  const joinOrder = new Map(members.map((m, i) => [m.id, i]));
  const order = (memberId: string) => joinOrder.get(memberId) ?? members.length;
  const page = rows.slice(0, BREAKDOWN_PAGE_SIZE);
  const last = page.at(-1);
  return {
    expenses: page.map(({ expense, payers, shares }) => {
      const converted = expenseInGroupCurrency({ ...expense, payers, shares });
      const named = (list: Array<{ memberId: string; amountOre: number }>) =>
        list.map((s) => ({ memberId: s.memberId, name: byId.get(s.memberId)?.name ?? null, amountOre: s.amountOre }));
      return {
        expenseId: expense.id,
        merchant: expense.merchant,
        date: expense.date,
        payerMemberId: expense.payerMemberId,
        payerName: byId.get(expense.payerMemberId)?.name ?? null,
        totalOre: expense.totalOre,
        currency: expense.currency,
        groupTotalOre: converted.totalOre,
        // Payers in the order members joined, as every list of people shows them.
        payers: named(converted.payers).sort((a, b) => order(a.memberId) - order(b.memberId)),
        shares: named(converted.shares),
      };
    }),
    nextCursor: rows.length > BREAKDOWN_PAGE_SIZE && last ? encodeCursor(last.expense.date, last.expense.id) : null,
  };
}

/** Older expenses of the breakdown, one page after `cursor`. */
export async function getBreakdown(
  deps: SettlementDeps,
  userId: string,
  groupId: string,
  cursor: string | null,
): Promise<BreakdownPage> {
  await requireMembership(deps.db, groupId, userId);
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await repo.breakdownPage(deps.db, groupId, BREAKDOWN_PAGE_SIZE + 1, after);
  return breakdownOf(rows, await repo.loadMembers(deps.db, groupId));
}

/**
 * Records a proposed transfer as paid. The group row is locked and the plan recomputed inside the transaction, so
 * two marks of the same transfer (two tabs, a double click) record it once: the second finds it no longer
 * proposed and answers the payment already recorded. The last payment that brings every balance to zero settles
 * the group.
 */
export async function markPaid(
  deps: SettlementDeps,
  userId: string,
  groupId: string,
  body: MarkPaidBody,
): Promise<MarkPaidResponse> {
  const viewer = viewerOf(await requireMembership(deps.db, groupId, userId));
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockGroup(tx, groupId);
    const computed = await compute(tx, locked, await ledgerStateIn(tx, locked));
    const byId = memberMap(computed.members);
    if (!byId.has(body.fromMemberId) || !byId.has(body.toMemberId)) throw new AppError('TRANSFER_NOT_PROPOSED');
    const [from, to] = [byId.get(body.fromMemberId), byId.get(body.toMemberId)];
    unwrap(mayMarkTransferPaid(viewer, { from, to, toMemberId: body.toMemberId }));
    const proposed = computed.ledger
      .plan()
      .some((t) => t.from === body.fromMemberId && t.to === body.toMemberId && t.amount === body.amountOre);
    if (!proposed) {
      const earlier = await payments.findPayment(tx, groupId, body);
      if (!earlier) throw new AppError('TRANSFER_NOT_PROPOSED');
      const view = paymentView(earlier, byId, viewer, computed.group);
      return { payment: view, created: false, isSettled: computed.group.isSettled };
    }
    const payment = await payments.insertPayment(tx, {
      groupId,
      ...body,
      kind: 'proposed',
      currency: computed.group.currency,
      method: null,
      paidOn: todayIso(),
      note: null,
      recordedByMemberId: viewer.myMemberId,
    });
    await recordEvent(tx, groupId, viewer.myMemberId, {
      kind: 'payment_recorded',
      fromMemberId: body.fromMemberId,
      toMemberId: body.toMemberId,
      amountOre: body.amountOre,
      currency: computed.group.currency,
    });
    const after = await ledgerStateIn(tx, locked);
    const group = allSettled(after.balances) ? await settle(tx, groupId, null) : computed.group;
    return { payment: paymentView(payment, byId, viewer, group), created: true, isSettled: group.isSettled };
  });
}

/**
 * The recipient's "Påminn" of a transfer still proposed: allowed once a day per payer and recipient, counted in the
 * database so neither a restart nor another process lets a second one through. Answers what the message needs.
 */
export async function remind(
  deps: SettlementDeps & { rateLimiter: RateLimiter },
  userId: string,
  groupId: string,
  body: RemindBody,
): Promise<{ amountOre: number; currency: string; nextReminderAt: Date }> {
  const membership = await requireMembership(deps.db, groupId, userId);
  const group = repo.toGroupState(membership.group);
  const computed = await compute(deps.db, group, await deps.ledgerState(group));
  const transfer = computed.ledger.plan().find((t) => t.from === body.fromMemberId && t.to === body.toMemberId);
  if (!transfer) throw new AppError('TRANSFER_NOT_PROPOSED');
  const from = memberMap(computed.members).get(transfer.from);
  unwrap(mayRemindPayer({ myMemberId: membership.member.id }, { from, toMemberId: transfer.to }));
  const hit = await deps.rateLimiter.hit(`payment-reminder:${transfer.from}:${transfer.to}`, REMINDER_RULE);
  if (!hit.allowed) throw new AppError('REMINDER_ALREADY_SENT');
  const nextReminderAt = new Date(Date.now() + hit.retryAfterSeconds * 1000);
  return { amountOre: transfer.amount, currency: group.currency, nextReminderAt };
}

/** Marks the group settled and says so in its Händelser; `actorMemberId` null when the last payment settled it. */
export async function settle(tx: DbOrTx, groupId: string, actorMemberId: string | null) {
  const group = await repo.setSettled(tx, groupId, true);
  await recordEvent(tx, groupId, actorMemberId, { kind: 'group_settled' });
  return group;
}

/** Another way to settle: closes the group without a transfer, as maySettleGroup allows. */
export async function settleGroup(
  deps: SettlementDeps,
  userId: string,
  groupId: string,
): Promise<SettledStateResponse> {
  const { member } = await requireMembership(deps.db, groupId, userId);
  const group = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockGroup(tx, groupId);
    if (locked.isSettled) return locked;
    const ledger = await ledgerStateIn(tx, locked);
    unwrap(maySettleGroup(ledger));
    return settle(tx, groupId, member.id);
  });
  return { isSettled: group.isSettled, settledAt: group.settledAt?.toISOString() ?? null };
}

/** "Öppna gruppen igen", as mayReopenGroup allows; reopening an open group changes nothing. */
export async function reopenGroup(
  deps: SettlementDeps,
  userId: string,
  groupId: string,
): Promise<SettledStateResponse> {
  const { group, member } = await requireAllowed(deps.db, groupId, userId, mayReopenGroup);
  const state = group.isSettled
    ? await deps.db.transaction(async (tx) => {
        const reopened = await repo.setSettled(tx, groupId, false);
        await recordEvent(tx, groupId, member.id, { kind: 'group_reopened' });
        return reopened;
      })
    : repo.toGroupState(group);
  return { isSettled: state.isSettled, settledAt: state.settledAt?.toISOString() ?? null };
}
