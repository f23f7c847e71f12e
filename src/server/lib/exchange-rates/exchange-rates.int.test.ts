import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { ecbXml, startEcbServer } from '../../testing/ecb-server.ts';
import type { EcbServer } from '../../testing/ecb-server.ts';
import { createExchangeRates, RATE_CACHE_MS } from './exchange-rates.ts';

const logger = pino({ level: 'silent' });
const FEED = ecbXml([
  { date: '2026-11-20', rates: { USD: '1.1000', SEK: '11.0000' } },
  { date: '2026-11-19', rates: { USD: '1.0800', SEK: '11.3400' } },
  { date: '2026-11-17', rates: { USD: '1.0500', SEK: '11.5500' } },
]);

let database: Database;
let feed: EcbServer;
beforeAll(async () => {
  database = await createTestDatabase();
  feed = await startEcbServer(FEED);
});
afterAll(async () => {
  await feed?.close();
  await database?.close();
});
afterEach(async () => {
  await database.db.delete(exchangeRates);
  feed.serve(FEED);
});

function rates(options: { url?: string; now?: () => number } = {}) {
  return createExchangeRates({
    db: database.db,
    url: options.url ?? feed.url,
    logger,
    now: options.now,
    timeoutMs: 2_000,
  });
}

describe('exchange rates', () => {
  it('quotes the ECB rate of the expense date, through EUR for other pairs', async () => {
    const service = rates();
    expect(await service.quote('EUR', 'SEK', '2026-11-19')).toEqual({
      rateMicros: 11_340_000,
      rateDate: '2026-11-19',
      source: 'ecb',
    });
    // 1 USD = 11.00 / 1.10 SEK = 10 SEK
    expect(await service.quote('USD', 'SEK', '2026-11-20')).toEqual({
      rateMicros: 10_000_000,
      rateDate: '2026-11-20',
      source: 'ecb',
    });
    expect(await service.quote('SEK', 'EUR', '2026-11-20')).toEqual({
      rateMicros: 90_909,
      rateDate: '2026-11-20',
      source: 'ecb',
    });
  });

  it('uses the previous publication day for a weekend or holiday', async () => {
    expect(await rates().quote('EUR', 'SEK', '2026-11-18')).toMatchObject({
      rateMicros: 11_550_000,
      rateDate: '2026-11-17',
    });
  });

  it('answers the same currency with 1 without asking the feed', async () => {
    const before = feed.hits;
    expect(await rates().quote('SEK', 'SEK', '2026-11-20')).toEqual({
      rateMicros: 1_000_000,
      rateDate: null,
      source: 'same',
    });
    expect(feed.hits).toBe(before);
  });

  it('fetches a pair once per hour and again after the hour has passed', async () => {
    let clock = 1_000_000;
    const service = rates({ now: () => clock });
    const before = feed.hits;
    await service.quote('EUR', 'SEK', '2026-11-20');
    await service.quote('EUR', 'SEK', '2026-11-19');
    clock += RATE_CACHE_MS - 1;
    await service.quote('EUR', 'SEK', '2026-11-17');
    expect(feed.hits - before).toBe(1);
    clock += 2;
    feed.serve(ecbXml([{ date: '2026-11-20', rates: { SEK: '12.0000', USD: '1.1' } }]));
    expect(await service.quote('EUR', 'SEK', '2026-11-20')).toMatchObject({ rateMicros: 12_000_000, source: 'ecb' });
    expect(feed.hits - before).toBe(2);
  });

  it('shares one download between concurrent quotes', async () => {
    const before = feed.hits;
    const service = rates();
    await Promise.all([
      service.quote('EUR', 'SEK', '2026-11-20'),
      service.quote('USD', 'SEK', '2026-11-20'),
      service.quote('EUR', 'USD', '2026-11-20'),
    ]);
    expect(feed.hits - before).toBe(1);
  });

  it('saves fetched rates of the offered currencies and falls back to the last stored one, with its date, when the feed is down', async () => {
    await rates().quote('EUR', 'SEK', '2026-11-20');
    const saved = await database.db.select().from(exchangeRates);
    expect(new Set(saved.map((row) => row.currency))).toEqual(new Set(['SEK', 'USD']));
    expect(saved).toHaveLength(6);

    const down = rates({ url: 'http://127.0.0.1:9/eurofxref-hist-90d.xml' });
    expect(await down.quote('EUR', 'SEK', '2026-11-25')).toEqual({
      rateMicros: 11_000_000,
      rateDate: '2026-11-20',
      source: 'stored',
    });
    expect(await down.quote('USD', 'SEK', '2026-11-18')).toMatchObject({
      rateMicros: 11_000_000,
      rateDate: '2026-11-17',
      source: 'stored',
    });
    // Before every stored day: the oldest one known, still with its date.
    expect(await down.quote('EUR', 'SEK', '2026-01-01')).toMatchObject({
      rateMicros: 11_550_000,
      rateDate: '2026-11-17',
      source: 'stored',
    });
  });

  it('falls back to the stored rate when the feed answers an error page', async () => {
    await rates().quote('EUR', 'SEK', '2026-11-20');
    feed.serve('<html>Service Unavailable</html>', 503);
    expect(await rates().quote('EUR', 'SEK', '2026-11-20')).toMatchObject({ rateMicros: 11_000_000, source: 'stored' });
    feed.serve('<html>Logga in på gästnätet</html>', 200);
    expect(await rates().quote('EUR', 'SEK', '2026-11-20')).toMatchObject({ source: 'stored' });
  });

  it('answers no rate, never 1, when the feed is down and no rate of the pair was ever known', async () => {
    const down = rates({ url: 'http://127.0.0.1:9/eurofxref-daily.xml' });
    for (const [from, to] of [
      ['EUR', 'SEK'],
      ['SEK', 'USD'],
      ['USD', 'EUR'],
    ] as const) {
      expect(await down.quote(from, to, '2026-11-20')).toEqual({ rateMicros: null, rateDate: null, source: 'none' });
    }
    expect(await down.quote('SEK', 'SEK', '2026-11-20')).toEqual({
      rateMicros: 1_000_000,
      rateDate: null,
      source: 'same',
    });
  });

  it('answers no rate for a pair the feed does not quote, even while it can be reached', async () => {
    feed.serve(ecbXml([{ date: '2026-11-20', rates: { USD: '1.1000' } }]));
    const service = rates();
    expect(await service.quote('EUR', 'SEK', '2026-11-20')).toMatchObject({ rateMicros: null, source: 'none' });
    expect(await service.quote('EUR', 'USD', '2026-11-20')).toMatchObject({ rateMicros: 1_100_000, source: 'ecb' });
  });
});
