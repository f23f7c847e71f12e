import { randomUUID } from 'node:crypto';
import { recurringTemplate } from '#shared/api/recurring.ts';
import type { RecurringTemplate } from '#shared/api/recurring.ts';
import { MAX_CATCH_UP, nextOccurrence } from '#shared/domain/recurrence.ts';
import type { ErrorCode } from '#shared/errors.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ScheduledJob } from '../../lib/jobs.ts';
import type { ExchangeRates, RateQuote } from '../../lib/exchange-rates/exchange-rates.ts';
import type { Notifier } from '../../lib/push/notifier.ts';
import * as repo from './recurring-repo.ts';
import type { SeriesRow } from './recurring-repo.ts';
import { createExpenseService } from './service.ts';
import type { ExpenseDeps, ExpenseService } from './service.ts';

export type RecurringDeps = ExpenseDeps & {
  notifier?: Notifier | undefined;
  /** Today's date in Sweden (YYYY-MM-DD); tests pass their own clock. */
  today: () => string;
};

/** A date that passes without an expense, the series going on: the group is settled (decision 061) or full. */
const SKIP_ONLY = new Set<ErrorCode>(['GROUP_SETTLED', 'EXPENSE_LIMIT_REACHED']);
/** Worth another try on the next pass, nothing recorded: no exchange rate is known yet. */
const TRY_AGAIN = new Set<ErrorCode>(['EXCHANGE_RATE_MISSING']);
const BATCH = 50;

type Created = {
  groupId: string;
  expenseId: string;
  actor: { userId: string; name: string };
  template: RecurringTemplate;
};
type Outcome = 'created' | 'skipped' | 'busy' | 'later';

const quoteKey = (from: string, to: string, date: string) => `${from}>${to}@${date}`;

/**
 * Rates looked up before a transaction opens, for the expense service inside it: on the embedded database a lookup
 * in the middle of a transaction would wait for that transaction's own connection. A rate not looked up is unknown,
 * which fails the occurrence for another try.
 */
export async function quotesFor(
  rates: ExchangeRates,
  groupCurrency: string,
  wanted: { currency: string; manualRateMicros: number | null; date: string },
): Promise<ExchangeRates> {
  const known = new Map<string, RateQuote>();
  if (wanted.currency !== groupCurrency && wanted.manualRateMicros === null) {
    known.set(
      quoteKey(wanted.currency, groupCurrency, wanted.date),
      await rates.quote(wanted.currency, groupCurrency, wanted.date),
    );
  }
  return {
    quote: async (from, to, date) =>
      known.get(quoteKey(from, to, date)) ?? { rateMicros: null, rateDate: null, source: 'none' },
  };
}

/** The expense service with every statement in `tx`: its own transactions become savepoints of this one. */
export const expensesIn = (deps: ExpenseDeps, tx: Tx, rates: ExchangeRates): ExpenseService =>
  createExpenseService({ ...deps, db: tx, rates });

/**
 * Creates the due occurrences of recurring expenses, up to today, each through the expense service (limits,
 * policies, events) and exactly once: a series is taken with FOR UPDATE SKIP LOCKED, and its occurrence row, the
 * expense and the move to the next date are written in one transaction (decision 061). Several processes may run
 * it at once. Answers how many expenses it created.
 */
export function createRecurringRunner(deps: RecurringDeps) {
  const { db } = deps;

  function advanceTo(series: SeriesRow) {
    const nextIndex = series.nextIndex + 1;
    return { nextIndex, nextDate: nextOccurrence(series, nextIndex) };
  }

  async function occurOnce(seriesId: string, today: string): Promise<{ outcome: Outcome; created?: Created }> {
    const peek = await repo.findSeriesWithCurrency(db, seriesId);
    const template = recurringTemplate.safeParse(peek?.series.template);
    if (!peek?.series.nextDate) return { outcome: 'busy' };
    const rates = template.success
      ? await quotesFor(deps.rates, peek.groupCurrency, { ...template.data, date: peek.series.nextDate })
      : deps.rates;
    try {
      return await db.transaction(async (tx) => {
        const due = await repo.lockDueSeries(tx, seriesId, today);
        if (!due?.series.nextDate) return { outcome: 'busy' as const };
        const { series } = due;
        const date = due.series.nextDate;
        const skip = async (reason: ErrorCode, goOn: boolean) => {
          await repo.settleOccurrence(tx, series.id, date, { skipped: reason });
          await repo.updateSeries(
            tx,
            series.id,
            goOn ? advanceTo(series) : { nextDate: null, endReason: 'stopped', endedAt: new Date() },
          );
          return { outcome: 'skipped' as const };
        };
        if (!(await repo.claimOccurrence(tx, series.id, date))) {
          await repo.updateSeries(tx, series.id, advanceTo(series));
          return { outcome: 'skipped' as const };
        }
        const parsed = recurringTemplate.safeParse(series.template);
        // The person it is created in the name of has left: nobody is there to add it.
        if (!due.creator) return skip('NOT_FOUND', false);
        if (!parsed.success) return skip('VALIDATION', false);
        try {
          const body = { ...parsed.data, id: randomUUID(), expenseDate: date, imageId: null };
          const { expense } = await expensesIn(deps, tx, rates).create(series.groupId, due.creator.userId, body);
          await repo.settleOccurrence(tx, series.id, date, { expenseId: expense.id });
          await repo.updateSeries(tx, series.id, advanceTo(series));
          return {
            outcome: 'created' as const,
            created: { groupId: series.groupId, expenseId: expense.id, actor: due.creator, template: parsed.data },
          };
        } catch (error) {
          if (!(error instanceof AppError) || TRY_AGAIN.has(error.code)) throw error;
          // Anything else will not change by trying again: someone in it left, or what it creates is refused.
          return skip(error.code, SKIP_ONLY.has(error.code));
        }
      });
    } catch (error) {
      if (error instanceof AppError && TRY_AGAIN.has(error.code)) return { outcome: 'later' };
      throw error;
    }
  }

  function tell(created: Created): void {
    deps.notifier?.expenseAdded({
      groupId: created.groupId,
      expenseId: created.expenseId,
      actor: created.actor,
      merchant: created.template.merchant,
      category: created.template.category,
      amountOre: created.template.totalOre,
      currency: created.template.currency,
    });
  }

  /** One pass: every due occurrence up to today (at most MAX_CATCH_UP per series), or only those of one series. */
  async function runDue(only?: string): Promise<number> {
    const today = deps.today();
    const done = new Map<string, number>();
    let created = 0;
    for (;;) {
      const full = [...done].filter(([, count]) => count >= MAX_CATCH_UP).map(([id]) => id);
      const ids = await repo.dueSeriesIds(db, today, BATCH, { only, except: full });
      let progressed = false;
      for (const id of ids) {
        const result = await occurOnce(id, today);
        if (result.outcome === 'created' || result.outcome === 'skipped') {
          progressed = true;
          done.set(id, (done.get(id) ?? 0) + 1);
        }
        if (result.created) {
          created += 1;
          tell(result.created);
        }
      }
      // Nothing moved: what is left is held by another process or waits for an exchange rate.
      if (!progressed) return created;
    }
  }

  return { runDue };
}

export type RecurringRunner = ReturnType<typeof createRecurringRunner>;

/**
 * The recurring-expense pass on the job queue (decision 061): every ten minutes, and once as a process starts, so a
 * server that was down catches up at once. Occurrences come on their date in Swedish time.
 */
export function recurringExpenseJob(deps: RecurringDeps): ScheduledJob {
  const runner = createRecurringRunner(deps);
  return {
    name: 'recurring-expenses',
    cron: '*/10 * * * *',
    atStart: true,
    run: async () => {
      const count = await runner.runDue();
      if (count > 0) deps.logger.info({ count }, 'recurring expenses created');
    },
  };
}
