import { CURRENCIES, RATE_ONE } from '#shared/domain/currency.ts';
import type { RateMicros } from '#shared/domain/currency.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import { parseEcbXml } from './ecb-xml.ts';
import type { EcbDay } from './ecb-xml.ts';
import { pairSeries, saveDays, storedDays } from './rate-store.ts';
import type { PairRate } from './rate-store.ts';

/**
 * Where a rate came from: `same` currency; `ecb` from the feed (fetched now or within the cache hour); `stored` the
 * last rate saved from an earlier fetch, because the feed could not be reached. The form shows the rate date of both.
 */
export type RateSource = 'same' | 'ecb' | 'stored';
/** A known rate, or `none` when the feed cannot be reached and no rate of the pair was ever saved: never 1 (decision 035). */
export type RateQuote =
  | { rateMicros: RateMicros; rateDate: string | null; source: RateSource }
  | { rateMicros: null; rateDate: null; source: 'none' };

export interface ExchangeRates {
  /** Units of `to` per unit of `from` (×1 000 000) for an expense dated `date` (YYYY-MM-DD). Never throws for an outage. */
  quote(from: string, to: string, date: string): Promise<RateQuote>;
}

export type ExchangeRatesOptions = {
  db: DbOrTx;
  /** The ECB feed: eurofxref-hist-90d.xml, or eurofxref-daily.xml, or any document of that shape. */
  url: string;
  logger: Logger;
  /** How long a pair's fetched rates are reused: one hour. */
  ttlMs?: number;
  /** How long an unreachable feed is not asked again, so an outage does not slow every form by the timeout. */
  failureTtlMs?: number;
  timeoutMs?: number;
  now?: () => number;
};

type CacheEntry = { expiresAt: number; series: PairRate[] | null };

export const RATE_CACHE_MS = 3_600_000;

/** The newest rate on or before `date` in a newest-first series, or undefined when all are later. */
const onOrBefore = (series: readonly PairRate[], date: string) => series.find((rate) => rate.date <= date);

/** ECB reference rates with a one-hour cache per pair, saved to the database and used from there in an outage. */
export function createExchangeRates(options: ExchangeRatesOptions): ExchangeRates {
  const { db, url, logger } = options;
  const ttlMs = options.ttlMs ?? RATE_CACHE_MS;
  const failureTtlMs = options.failureTtlMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, CacheEntry>();
  let inflight: Promise<EcbDay[]> | null = null;

  async function download(): Promise<EcbDay[]> {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/xml, text/xml' },
    });
    if (!response.ok) throw new Error(`ECB feed answered ${response.status}`);
    const days = parseEcbXml(await response.text());
    await saveDays(db, days, CURRENCIES);
    return days;
  }

  /** One download at a time: concurrent quotes of uncached pairs share it. */
  function fetchDays(): Promise<EcbDay[]> {
    inflight ??= download().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function seriesOf(from: string, to: string): Promise<PairRate[] | null> {
    const key = `${from}>${to}`;
    const cached = cache.get(key);
    if (cached && cached.expiresAt > now()) return cached.series;
    try {
      const series = pairSeries(await fetchDays(), from, to);
      cache.set(key, { expiresAt: now() + ttlMs, series });
      return series;
    } catch (error) {
      logger.warn({ err: error, url }, 'exchange rates could not be fetched; using stored rates');
      cache.set(key, { expiresAt: now() + failureTtlMs, series: null });
      return null;
    }
  }

  async function fromStore(from: string, to: string, date: string): Promise<PairRate | undefined> {
    const before = pairSeries(await storedDays(db, [from, to], date, 'onOrBefore'), from, to)[0];
    if (before) return before;
    return pairSeries(await storedDays(db, [from, to], date, 'after'), from, to)[0];
  }

  return {
    async quote(from, to, date) {
      if (from === to) return { rateMicros: RATE_ONE, rateDate: null, source: 'same' };
      const series = await seriesOf(from, to);
      if (series && series.length > 0) {
        // A date older than the feed reaches back: an earlier fetch may have saved that day's rate.
        const rate = onOrBefore(series, date) ?? (await fromStore(from, to, date)) ?? series.at(-1);
        if (rate) return { rateMicros: rate.rateMicros, rateDate: rate.date, source: 'ecb' };
      }
      const stored = await fromStore(from, to, date);
      if (stored) return { rateMicros: stored.rateMicros, rateDate: stored.date, source: 'stored' };
      return { rateMicros: null, rateDate: null, source: 'none' };
    },
  };
}
