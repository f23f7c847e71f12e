import type {
  CreateRecurringBody,
  RecurringSeries,
  RecurringTemplate,
  RecurringStatus,
  UpdateRecurringBody,
} from '#shared/api/recurring.ts';
import { recurringTemplate } from '#shared/api/recurring.ts';
import { isUuid } from '#shared/api/ids.ts';
import { mayChangeRecurring, mayEndRecurring } from '#shared/domain/policies.ts';
import { nextOccurrence } from '#shared/domain/recurrence.ts';
import { requireMembership, viewerOf } from '../../lib/access.ts';
import type { Membership } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import * as repo from './recurring-repo.ts';
import type { SeriesRow } from './recurring-repo.ts';
import { createRecurringRunner, expensesIn, quotesFor } from './recurring-runner.ts';
import type { RecurringDeps } from './recurring-runner.ts';
import { findGroupMembers } from './repo.ts';
import { checkPeople, computeStoredShares } from './rules.ts';

function statusOf(series: SeriesRow): RecurringStatus {
  if (series.endReason === 'ended') return 'ended';
  if (series.endReason === 'stopped') return 'stopped';
  return series.nextDate === null ? 'finished' : 'active';
}

/**
 * What a series creates. Saved by this version's create, it parses; one saved before a later change to the expense
 * body is shown as it is, and its next occurrence finds out whether it still can be created.
 */
function templateOf(series: SeriesRow): RecurringTemplate {
  const parsed = recurringTemplate.safeParse(series.template);
  return parsed.success ? parsed.data : (series.template as RecurringTemplate);
}

type Listed = Awaited<ReturnType<typeof repo.seriesOfGroup>>[number];

function toResponse(item: Listed, names: Map<string, string | null>, membership: Membership): RecurringSeries {
  const { series } = item;
  const template = templateOf(series);
  const viewer = viewerOf(membership);
  const active = statusOf(series) === 'active';
  return {
    id: series.id,
    groupId: series.groupId,
    frequency: series.frequency,
    startDate: series.startDate,
    endDate: series.endDate,
    nextDate: series.nextDate,
    status: statusOf(series),
    totalOre: template.totalOre,
    currency: template.currency,
    merchant: template.merchant,
    category: template.category,
    note: template.note,
    payerMemberId: template.payerMemberId,
    payerName: names.get(template.payerMemberId) ?? null,
    split: template.split,
    manualRateMicros: template.manualRateMicros,
    template,
    expenseIds: item.expenseIds,
    lastSkipped: item.lastSkipped,
    canChange:
      active &&
      mayChangeRecurring(viewer, membership.group, { ...template, createdByMemberId: series.createdByMemberId }).ok,
    canEnd: active && mayEndRecurring(viewer, { ...template, createdByMemberId: series.createdByMemberId }).ok,
  };
}

/** Recurring expenses (decision 061): started from the wizard, listed in the Kvitton tab, changed and ended there. */
export function createRecurringService(deps: RecurringDeps) {
  const { db } = deps;
  const runner = createRecurringRunner(deps);

  async function view(groupId: string, membership: Membership, seriesId?: string): Promise<RecurringSeries[]> {
    const items = await repo.seriesOfGroup(db, groupId, seriesId);
    const payers = items.map((item) => templateOf(item.series).payerMemberId);
    const names = await repo.memberNames(db, payers.filter(isUuid));
    return items.map((item) => toResponse(item, names, membership));
  }

  async function one(seriesId: string, userId: string) {
    const series = isUuid(seriesId) ? await repo.findSeries(db, seriesId) : null;
    if (!series) throw new AppError('NOT_FOUND');
    return { series, membership: await requireMembership(db, series.groupId, userId) };
  }

  async function get(seriesId: string, userId: string): Promise<RecurringSeries> {
    const { series, membership } = await one(seriesId, userId);
    const [found] = await view(series.groupId, membership, series.id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  return {
    get,
    runDue: runner.runDue,

    async list(groupId: string, userId: string): Promise<RecurringSeries[]> {
      return view(groupId, await requireMembership(db, groupId, userId));
    },

    /**
     * Saves the wizard's expense as the first occurrence, under the client's id and with its image, and the series
     * in the same transaction; then creates at once the occurrences already due when the start date is in the past.
     * Sending the same body again answers the saved series (decision 053).
     */
    async create(groupId: string, userId: string, body: CreateRecurringBody) {
      const membership = await requireMembership(db, groupId, userId);
      const saved = await repo.findSeriesOfExpense(db, body.id);
      if (saved?.groupId === groupId)
        return { series: await get(saved.id, userId), expenseId: body.id, created: false };
      const { repeat, ...expenseBody } = body;
      const { id: _id, expenseDate: startDate, imageId: _imageId, ...template } = expenseBody;
      const rates = await quotesFor(deps.rates, membership.group.currency, { ...template, date: startDate });
      const seriesId = await db.transaction(async (tx) => {
        const { created } = await expensesIn(deps, tx, rates).create(groupId, userId, expenseBody);
        // The id is an expense saved on its own: a repeat of a plain create, not of this one.
        if (!created) throw new AppError('CONFLICT');
        const timing = { startDate, frequency: repeat.frequency, endDate: repeat.endDate };
        const series = await repo.insertSeries(tx, {
          groupId,
          createdByMemberId: membership.member.id,
          ...timing,
          nextIndex: 1,
          nextDate: nextOccurrence(timing, 1),
          template,
        });
        await repo.claimOccurrence(tx, series.id, startDate);
        await repo.settleOccurrence(tx, series.id, startDate, { expenseId: body.id });
        return series.id;
      });
      deps.notifier?.expenseAdded({
        groupId,
        expenseId: body.id,
        actor: { userId, name: (await repo.userName(db, userId)) ?? '' },
        merchant: template.merchant,
        category: template.category,
        amountOre: template.totalOre,
        currency: template.currency,
      });
      await runner.runDue(seriesId);
      return { series: await get(seriesId, userId), expenseId: body.id, created: true };
    },

    /** What the occurrences from the next one on are created from, and the end date; the expenses made stay as they are. */
    async change(seriesId: string, userId: string, body: UpdateRecurringBody): Promise<RecurringSeries> {
      const { series, membership } = await one(seriesId, userId);
      const current = templateOf(series);
      unwrap(
        mayChangeRecurring(viewerOf(membership), membership.group, {
          ...current,
          createdByMemberId: series.createdByMemberId,
        }),
      );
      if (statusOf(series) !== 'active') throw new AppError('CONFLICT');
      const { endDate, ...template } = body;
      if (endDate !== null && endDate < series.startDate)
        throw new AppError('VALIDATION', { endDate: 'endBeforeStart' });
      checkPeople(await findGroupMembers(db, series.groupId), template);
      computeStoredShares(template.totalOre, template.split, series.id);
      await db.transaction(async (tx) => {
        const locked = await repo.lockSeries(tx, series.id);
        if (!locked || statusOf(locked) !== 'active') throw new AppError('CONFLICT');
        const timing = { startDate: locked.startDate, frequency: locked.frequency, endDate };
        await repo.updateSeries(tx, series.id, {
          template,
          endDate,
          nextDate: nextOccurrence(timing, locked.nextIndex),
        });
      });
      return get(series.id, userId);
    },

    /** "Avsluta upprepning": no more occurrences; those already created stay. */
    async end(seriesId: string, userId: string): Promise<RecurringSeries> {
      const { series, membership } = await one(seriesId, userId);
      unwrap(
        mayEndRecurring(viewerOf(membership), { ...templateOf(series), createdByMemberId: series.createdByMemberId }),
      );
      await db.transaction(async (tx) => {
        const locked = await repo.lockSeries(tx, series.id);
        if (!locked || statusOf(locked) !== 'active') return;
        await repo.updateSeries(tx, series.id, {
          nextDate: null,
          endReason: 'ended',
          endedAt: new Date(),
          endedByMemberId: membership.member.id,
        });
      });
      return get(series.id, userId);
    },
  };
}

export type RecurringService = ReturnType<typeof createRecurringService>;
