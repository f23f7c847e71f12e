import { and, asc, desc, gt, inArray, lte, sql } from 'drizzle-orm';
import { crossRate, RATE_ONE } from '#shared/domain/currency.ts';
import type { RateMicros } from '#shared/domain/currency.ts';
import type { DbOrTx } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';
import type { EcbDay } from './ecb-xml.ts';

/** The rate of one pair on one ECB day: units of `to` per unit of `from`, ×1 000 000. */
export type PairRate = { date: string; rateMicros: RateMicros };

const perEur = (day: EcbDay, currency: string) => (currency === 'EUR' ? RATE_ONE : day.perEurMicros.get(currency));

/** The pair's rate on every day that quotes both currencies, in the order of `days`. */
export function pairSeries(days: readonly EcbDay[], from: string, to: string): PairRate[] {
  const series: PairRate[] = [];
  for (const day of days) {
    const fromPerEur = perEur(day, from);
    const toPerEur = perEur(day, to);
    if (fromPerEur && toPerEur) series.push({ date: day.date, rateMicros: crossRate(fromPerEur, toPerEur) });
  }
  return series;
}

/** Keeps the fetched days of the currencies Kvitt offers, so a later outage can fall back to them. */
export async function saveDays(db: DbOrTx, days: readonly EcbDay[], currencies: readonly string[]): Promise<void> {
  const rows = days.flatMap((day) =>
    currencies
      .filter((currency) => currency !== 'EUR' && day.perEurMicros.has(currency))
      .map((currency) => ({
        currency,
        rateDate: day.date,
        unitsPerEurMicros: day.perEurMicros.get(currency) as number,
      })),
  );
  if (rows.length === 0) return;
  await db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [exchangeRates.currency, exchangeRates.rateDate],
      set: { unitsPerEurMicros: sql`excluded.units_per_eur_micros`, fetchedAt: sql`now()` },
    });
}

// Enough rows to find a day quoting both currencies of a pair even when one was missing on a few days.
const ROWS_PER_LOOKUP = 40;

/**
 * Stored days around `date` for the pair's non-EUR currencies: the newest on or before it (newest first), or with
 * `after`, the oldest after it (oldest first).
 */
export async function storedDays(
  db: DbOrTx,
  currencies: readonly string[],
  date: string,
  direction: 'onOrBefore' | 'after',
): Promise<EcbDay[]> {
  const wanted = currencies.filter((currency) => currency !== 'EUR');
  if (wanted.length === 0) return [];
  const onOrBefore = direction === 'onOrBefore';
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(
      and(
        inArray(exchangeRates.currency, wanted),
        onOrBefore ? lte(exchangeRates.rateDate, date) : gt(exchangeRates.rateDate, date),
      ),
    )
    .orderBy(onOrBefore ? desc(exchangeRates.rateDate) : asc(exchangeRates.rateDate))
    .limit(ROWS_PER_LOOKUP);
  const byDate = new Map<string, EcbDay>();
  for (const row of rows) {
    const day = byDate.get(row.rateDate) ?? { date: row.rateDate, perEurMicros: new Map<string, number>() };
    day.perEurMicros.set(row.currency, row.unitsPerEurMicros);
    byDate.set(row.rateDate, day);
  }
  return [...byDate.values()];
}
