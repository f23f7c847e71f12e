import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecbXml, startEcbServer } from '../../testing/ecb-server.ts';
import type { EcbServer } from '../../testing/ecb-server.ts';
import type { TestServer } from '../../testing/harness.ts';
import { insertExpense } from '../../testing/factories.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';

/** Every pair of a group currency and another currency Kvitt offers. */
const PAIRS = [
  ['SEK', 'EUR'],
  ['SEK', 'USD'],
  ['EUR', 'SEK'],
  ['EUR', 'USD'],
  ['USD', 'SEK'],
  ['USD', 'EUR'],
] as const;

let feed: EcbServer;
let server: TestServer;
beforeAll(async () => {
  feed = await startEcbServer(
    ecbXml([
      { date: '2026-11-20', rates: { USD: '1.1000', SEK: '11.0000', NOK: '11.7' } },
      { date: '2026-11-19', rates: { USD: '1.0800', SEK: '11.3400', NOK: '11.6' } },
    ]),
  );
  server = await startServer({ ECB_RATES_URL: feed.url });
});
afterAll(async () => {
  await server?.close();
  await feed?.close();
});

describe('expenses in another currency', () => {
  it('converts an EUR expense with the ECB rate of its date, stores the rate, and previews the same rate', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna] = people as [(typeof people)[0]];
    const preview = await anna.client.get('/api/exchange-rates?from=EUR&to=SEK&date=2026-11-19');
    expect(preview.body).toEqual({ rateMicros: 11_340_000, rateDate: '2026-11-19', source: 'ecb' });
    const res = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, people, { currency: 'EUR', totalOre: 5_000, expenseDate: '2026-11-19' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.expense).toMatchObject({
      currency: 'EUR',
      totalOre: 5_000,
      rateMicros: 11_340_000,
      rateDate: '2026-11-19',
      rateSource: 'ecb',
    });
  });

  it('asks the feed once per pair within the hour, however many expenses and previews use it', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    await anna.client.get('/api/exchange-rates?from=EUR&to=SEK&date=2026-11-20');
    const before = feed.hits;
    for (const expenseDate of ['2026-11-19', '2026-11-20', '2026-11-22']) {
      await anna.client.post(
        `/api/groups/${group.id}/expenses`,
        expenseBody(anna, people, { currency: 'EUR', expenseDate }),
      );
      await anna.client.get(`/api/exchange-rates?from=EUR&to=SEK&date=${expenseDate}`);
    }
    expect(feed.hits).toBe(before);
  });

  it('saves a rate typed by hand as manual and keeps it while the currency and date stay', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const body = expenseBody(anna, people, { currency: 'EUR', manualRateMicros: 11_500_000 });
    const created = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
    expect(created.body.expense).toMatchObject({ rateMicros: 11_500_000, rateSource: 'manual' });
    const { id: _id, imageId: _image, ...fields } = body;
    const noteOnly = await anna.client.patch(`/api/expenses/${body.id}`, {
      ...fields,
      manualRateMicros: null,
      note: 'Middag',
    });
    expect(noteOnly.body.expense).toMatchObject({ rateMicros: 11_500_000, rateSource: 'manual' });
    const newDate = await anna.client.patch(`/api/expenses/${body.id}`, {
      ...fields,
      manualRateMicros: null,
      expenseDate: '2026-11-19',
    });
    expect(newDate.body.expense).toMatchObject({ rateMicros: 11_340_000, rateDate: '2026-11-19', rateSource: 'ecb' });
    const home = await anna.client.patch(`/api/expenses/${body.id}`, {
      ...fields,
      currency: 'SEK',
      manualRateMicros: null,
    });
    expect(home.body.expense).toMatchObject({ rateMicros: 1_000_000, rateDate: null, rateSource: 'same' });
  });

  it('converts into the group currency whatever it is, through EUR', async () => {
    const { group, people } = await groupOf(server, ['Anna'], { currency: 'EUR' });
    const res = await people[0]!.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(people[0]!, people, { currency: 'USD', expenseDate: '2026-11-20' }),
    );
    // 1 USD = 1 / 1.10 EUR
    expect(res.body.expense).toMatchObject({ rateMicros: 909_091, rateSource: 'ecb' });
  });

  it('uses the last stored rate and tells its date when the feed is down', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    await anna.client.get('/api/exchange-rates?from=EUR&to=SEK&date=2026-11-20');
    await feed.close();
    // USD → SEK was never asked, so it is not cached: the feed is asked, fails, and the stored rates answer.
    const preview = await anna.client.get('/api/exchange-rates?from=USD&to=SEK&date=2026-11-24');
    expect(preview.body).toEqual({ rateMicros: 10_000_000, rateDate: '2026-11-20', source: 'stored' });
    const res = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, people, { currency: 'USD', expenseDate: '2026-11-24' }),
    );
    expect(res.body.expense).toMatchObject({ rateMicros: 10_000_000, rateDate: '2026-11-20', rateSource: 'stored' });
  });

  it('gives an expense saved at 1 without a rate the last known rate when its payer edits it with the feed down', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    const legacy = await insertExpense(server.database.db, {
      groupId: group.id,
      payerMemberId: anna.memberId,
      totalOre: 5_000,
      currency: 'USD',
      rateSource: 'fallback',
      expenseDate: '2026-11-24',
      shares: [{ memberId: anna.memberId, shareOre: 5_000 }],
    });
    const {
      id: _id,
      imageId: _image,
      ...fields
    } = expenseBody(anna, people, {
      currency: 'USD',
      totalOre: 5_000,
      expenseDate: '2026-11-24',
    });
    const res = await anna.client.patch(`/api/expenses/${legacy.id}`, fields);
    expect(res.body.expense).toMatchObject({ rateMicros: 10_000_000, rateDate: '2026-11-20', rateSource: 'stored' });
  });
});

describe('with no rate ever known', () => {
  let offline: TestServer;
  beforeAll(async () => {
    // A closed local port: the feed fails at once and no rate was ever saved on this server.
    offline = await startServer({ ECB_RATES_URL: 'http://127.0.0.1:9/eurofxref-hist-90d.xml' });
  });
  afterAll(async () => {
    await offline?.close();
  });

  it('previews no rate and refuses an expense in another currency with its own code, on every path', async () => {
    for (const [groupCurrency, currency] of PAIRS) {
      const { group, people } = await groupOf(offline, ['Anna'], { currency: groupCurrency });
      const [anna] = people as [(typeof people)[0]];
      const preview = await anna.client.get(`/api/exchange-rates?from=${currency}&to=${groupCurrency}&date=2026-11-20`);
      expect(preview.body).toEqual({ rateMicros: null, rateDate: null, source: 'none' });
      const body = expenseBody(anna, people, { currency });
      const refused = await anna.client.post(`/api/groups/${group.id}/expenses`, body);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'EXCHANGE_RATE_MISSING',
        fields: { manualRateMicros: 'rateRequired' },
      });
      const manual = await anna.client.post(`/api/groups/${group.id}/expenses`, {
        ...body,
        manualRateMicros: 2_500_000,
      });
      expect(manual.body.expense).toMatchObject({ rateMicros: 2_500_000, rateSource: 'manual' });
      const { id: _id, imageId: _image, ...fields } = body;
      const moved = await anna.client.patch(`/api/expenses/${body.id}`, { ...fields, expenseDate: '2026-11-19' });
      expect([moved.status, moved.body.error?.code]).toEqual([422, 'EXCHANGE_RATE_MISSING']);
      const list = await anna.client.get(`/api/groups/${group.id}/expenses`);
      expect(list.body.expenses.map((r: { rateMicros: number }) => r.rateMicros)).toEqual([2_500_000]);
    }
  });

  it('still saves an expense in the group currency at 1, as `same`', async () => {
    const { group, people } = await groupOf(offline, ['Anna']);
    const res = await people[0]!.client.post(`/api/groups/${group.id}/expenses`, expenseBody(people[0]!, people));
    expect(res.body.expense).toMatchObject({ rateMicros: 1_000_000, rateSource: 'same' });
  });

  it('flags an expense saved at 1 without a rate, and its edit needs a rate before balances count it right', async () => {
    const { group, people } = await groupOf(offline, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const legacy = await insertExpense(offline.database.db, {
      groupId: group.id,
      payerMemberId: anna.memberId,
      totalOre: 24_000,
      currency: 'EUR',
      rateMicros: 1_000_000,
      rateSource: 'fallback',
      expenseDate: '2026-11-20',
      shares: [
        { memberId: anna.memberId, shareOre: 12_000 },
        { memberId: bo.memberId, shareOre: 12_000 },
      ],
    });
    const before = await bo.client.get(`/api/groups/${group.id}/balances`);
    expect(before.body).toMatchObject({ convertedExpenseCount: 1, unratedExpenseCount: 1 });
    const fields = {
      ...expenseBody(anna, people, { currency: 'EUR', totalOre: 24_000 }),
      id: undefined,
      imageId: undefined,
    };
    const kept = await anna.client.patch(`/api/expenses/${legacy.id}`, fields);
    expect([kept.status, kept.body.error?.code]).toEqual([422, 'EXCHANGE_RATE_MISSING']);
    const rated = await anna.client.patch(`/api/expenses/${legacy.id}`, { ...fields, manualRateMicros: 11_000_000 });
    expect(rated.body.expense).toMatchObject({ rateMicros: 11_000_000, rateSource: 'manual' });
    const after = await bo.client.get(`/api/groups/${group.id}/balances`);
    expect(after.body.unratedExpenseCount).toBe(0);
    expect(after.body.balances.find((b: { memberId: string }) => b.memberId === bo.memberId)?.balanceOre).toBe(
      -132_000,
    );
  });

  it('refuses a preview of an unsupported currency or date', async () => {
    const { people } = await groupOf(server, ['Anna']);
    const res = await people[0]!.client.get('/api/exchange-rates?from=NOK&to=SEK&date=2026-13-01');
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { from: 'currencyInvalid', date: 'dateInvalid' },
    });
    expect((await server.client().get('/api/exchange-rates?from=EUR&to=SEK&date=2026-11-20')).status).toBe(401);
  });
});
