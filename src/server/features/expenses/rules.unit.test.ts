import { describe, expect, it } from 'vitest';
import { ore } from '#shared/domain/money.ts';
import type { ExchangeRates } from '../../lib/exchange-rates/exchange-rates.ts';
import type { Expense } from './repo.ts';
import { auditDiff, computeStoredShares, rateFor } from './rules.ts';

/** A rate source that answers 12 and counts how often it was asked. */
function countingRates() {
  const asked: string[] = [];
  const rates: ExchangeRates = {
    quote: async (from, to, date) => {
      asked.push(`${from}>${to}@${date}`);
      return { rateMicros: 12_000_000, rateDate: date, source: 'ecb' };
    },
  };
  return { rates, asked };
}

const saved = {
  currency: 'EUR',
  expenseDate: '2026-11-20',
  rateMicros: 11_000_000,
  rateDate: '2026-11-20',
  rateSource: 'ecb',
} as Expense;

describe('rateFor', () => {
  it('keeps the stored rate on edit while currency and date stay, so balances never move by themselves', async () => {
    const { rates, asked } = countingRates();
    const rate = await rateFor(
      rates,
      'SEK',
      { currency: 'EUR', expenseDate: '2026-11-20', manualRateMicros: null },
      saved,
    );
    expect(rate).toEqual({ rateMicros: 11_000_000, rateDate: '2026-11-20', rateSource: 'ecb' });
    expect(asked).toEqual([]);
  });

  it('asks again when the date or currency changes, and never when a rate is typed or none is needed', async () => {
    const { rates, asked } = countingRates();
    await rateFor(rates, 'SEK', { currency: 'EUR', expenseDate: '2026-11-19', manualRateMicros: null }, saved);
    await rateFor(rates, 'SEK', { currency: 'USD', expenseDate: '2026-11-20', manualRateMicros: null }, saved);
    expect(
      await rateFor(rates, 'SEK', { currency: 'EUR', expenseDate: '2026-11-20', manualRateMicros: 10_500_000 }, saved),
    ).toEqual({ rateMicros: 10_500_000, rateDate: null, rateSource: 'manual' });
    expect(
      await rateFor(rates, 'SEK', { currency: 'SEK', expenseDate: '2026-11-20', manualRateMicros: 10_500_000 }),
    ).toEqual({ rateMicros: 1_000_000, rateDate: null, rateSource: 'same' });
    expect(asked).toEqual(['EUR>SEK@2026-11-19', 'USD>SEK@2026-11-20']);
  });
});

describe('rateFor without any known rate', () => {
  const noRate: ExchangeRates = { quote: async () => ({ rateMicros: null, rateDate: null, source: 'none' }) };
  const eur = { currency: 'EUR', expenseDate: '2026-11-20', manualRateMicros: null };

  it('refuses another currency with its own code and the rate field, instead of counting it 1:1', async () => {
    await expect(rateFor(noRate, 'SEK', eur)).rejects.toMatchObject({
      code: 'EXCHANGE_RATE_MISSING',
      fields: { manualRateMicros: 'rateRequired' },
    });
    expect(await rateFor(noRate, 'SEK', { ...eur, manualRateMicros: 11_200_000 })).toMatchObject({
      rateMicros: 11_200_000,
      rateSource: 'manual',
    });
  });

  it('does not keep a rate saved as fallback on edit: it asks again, and refuses while none is known', async () => {
    const fallback = { ...saved, rateMicros: 1_000_000, rateDate: null, rateSource: 'fallback' } as Expense;
    const { rates, asked } = countingRates();
    expect(await rateFor(rates, 'SEK', eur, fallback)).toMatchObject({ rateMicros: 12_000_000, rateSource: 'ecb' });
    expect(asked).toEqual(['EUR>SEK@2026-11-20']);
    await expect(rateFor(noRate, 'SEK', eur, fallback)).rejects.toMatchObject({ code: 'EXCHANGE_RATE_MISSING' });
  });
});

describe('computeStoredShares', () => {
  it('stores the default of each method for participants left empty', () => {
    const split = { method: 'weight' as const, participants: [{ memberId: 'a' }, { memberId: 'b', value: 300 }] };
    expect(computeStoredShares(400, split, 'seed')).toEqual([
      { memberId: 'a', shareType: 'weight', shareInput: 100, shareOre: ore(100) },
      { memberId: 'b', shareType: 'weight', shareInput: 300, shareOre: ore(300) },
    ]);
  });
});

describe('auditDiff', () => {
  it('lists only changed fields on update, and every field on create and delete', () => {
    const payers = [{ memberId: 'anna', amountOre: 100 }];
    const before = { totalOre: ore(100), currency: 'SEK' as const, merchant: 'ICA', category: 'mat', payers };
    expect(auditDiff(before, { ...before, merchant: 'Coop' })).toEqual({ merchant: { from: 'ICA', to: 'Coop' } });
    expect(Object.keys(auditDiff(null, before))).toEqual(['totalOre', 'currency', 'merchant', 'category']);
    expect(auditDiff(before, null).totalOre).toEqual({ from: 100, to: null });
  });

  it('records who paid how much when that changed, whatever order the payers come in', () => {
    const two = [
      { memberId: 'anna', amountOre: 60 },
      { memberId: 'bo', amountOre: 40 },
    ];
    const before = { totalOre: ore(100), currency: 'SEK' as const, merchant: 'ICA', category: 'mat', payers: two };
    expect(auditDiff(before, { ...before, payers: [...two].reverse() })).toEqual({});
    const after = { ...before, payers: [{ memberId: 'anna', amountOre: 100 }] };
    expect(auditDiff(before, after)).toEqual({ payers: { from: two, to: [{ memberId: 'anna', amountOre: 100 }] } });
    expect(Object.keys(auditDiff(null, before))).toContain('payers');
    expect(auditDiff(after, { ...after, payers: [{ memberId: 'bo', amountOre: 100 }] })).toEqual({
      payers: { from: [{ memberId: 'anna', amountOre: 100 }], to: [{ memberId: 'bo', amountOre: 100 }] },
    });
    expect(auditDiff(after, { ...after, totalOre: ore(90), payers: [{ memberId: 'anna', amountOre: 90 }] })).toEqual({
      totalOre: { from: 100, to: 90 },
    });
  });
});
