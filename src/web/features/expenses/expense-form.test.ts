import { describe, expect, it } from 'vitest';
import type { ExpenseDetail } from '#shared/api/expenses.ts';
import { computeShares } from '#shared/domain/split.ts';
import {
  CUSTOM_CATEGORY,
  expenseFormResolver,
  newExpenseValues,
  valuesFromExpense,
  type ExpenseFormValues,
} from './expense-form.ts';
import { splitInputOf, toExpenseBody } from './expense-body.ts';
import { expenseFormSchema } from './expense-form-schema.ts';

const members = ['a', 'b', 'c'];
const fresh = (overrides: Partial<ExpenseFormValues> = {}): ExpenseFormValues => ({
  ...newExpenseValues({ currency: 'SEK', today: '2026-11-20', myMemberId: 'a', memberIds: members }),
  amount: '100',
  ...overrides,
});
const messages = (values: ExpenseFormValues, groupCurrency = 'SEK') => {
  const result = expenseFormSchema(groupCurrency).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the expense form', () => {
  it('starts with the defaults: today, the group currency, mat, the caller as payer, everyone equally', () => {
    const values = newExpenseValues({ currency: 'EUR', today: '2026-11-20', myMemberId: 'b', memberIds: members });
    expect(values).toMatchObject({
      currency: 'EUR',
      expenseDate: '2026-11-20',
      category: 'mat',
      payerMemberId: 'b',
      participantIds: members,
      method: 'equal',
    });
  });

  it('names the problem of each step with its validation key', () => {
    expect(messages(fresh({ amount: '' }))).toEqual({ amount: 'amountInvalid' });
    expect(messages(fresh({ amount: '0' }))).toEqual({ amount: 'amountInvalid' });
    expect(messages(fresh({ amount: '12,3456' }))).toEqual({ amount: 'numberTooManyDecimals' });
    expect(messages(fresh({ payerMemberId: '' }))).toEqual({ payerMemberId: 'payerRequired' });
    expect(messages(fresh({ participantIds: [] }))).toEqual({ participantIds: 'participantsRequired' });
    expect(messages(fresh({ category: CUSTOM_CATEGORY, customCategory: '  ' }))).toEqual({
      customCategory: 'categoryRequired',
    });
    expect(messages(fresh({ currency: 'EUR', rateManual: true, rate: '0' }))).toEqual({ rate: 'rateInvalid' });
    expect(messages(fresh({ amount: '12,50' }))).toEqual({});
  });

  it('tells why an amount cannot be read for certain, in its own words', () => {
    expect(messages(fresh({ amount: '1.234,5.0' }))).toEqual({ amount: 'numberUnreadable' });
    expect(messages(fresh({ amount: '12,345,6' }))).toEqual({ amount: 'numberUnreadable' });
    expect(messages(fresh({ amount: '1.234' }))).toEqual({ amount: 'numberAmbiguous' });
    expect(messages(fresh({ amount: '1,234' }))).toEqual({ amount: 'numberAmbiguous' });
    expect(messages(fresh({ amount: '-12' }))).toEqual({ amount: 'amountInvalid' });
    expect(messages(fresh({ amount: '12 €' }))).toEqual({ amount: 'amountCurrencyMismatch' });
    expect(messages(fresh({ amount: '12 €', currency: 'EUR', rate: '11,5' }))).toEqual({});
    expect(messages(fresh({ amount: '1 234,50 kr' }))).toEqual({});
  });

  it('requires a rate for another currency: none known, or none typed, is never taken as 1', () => {
    expect(messages(fresh({ currency: 'EUR', rateManual: false, rate: '' }))).toEqual({ rate: 'rateRequired' });
    expect(messages(fresh({ currency: 'EUR', rateManual: true, rate: ' ' }))).toEqual({ rate: 'rateRequired' });
    expect(messages(fresh({ currency: 'EUR', rateManual: true, rate: '11,482' }))).toEqual({ rate: 'rateAmbiguous' });
    expect(messages(fresh({ currency: 'EUR', rateManual: true, rate: '11 €' }))).toEqual({
      rate: 'rateCurrencyMismatch',
    });
    expect(messages(fresh({ currency: 'EUR', rateManual: true, rate: '11,4820 kr' }))).toEqual({});
    expect(messages(fresh({ currency: 'EUR', rateManual: false, rate: '11,34' }))).toEqual({});
    expect(messages(fresh({ currency: 'SEK', rate: '' }))).toEqual({});
  });

  it('checks through the resolver that loads zod on first use, with the same keys', async () => {
    const resolve = expenseFormResolver('SEK');
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const refused = await resolve(fresh({ amount: '0', participantIds: [] }), undefined, options);
    expect(refused.errors.amount?.message).toBe('amountInvalid');
    expect(refused.errors.participantIds?.message).toBe('participantsRequired');
    const accepted = await resolve(fresh(), undefined, options);
    expect(accepted.errors).toEqual({});
  });

  it('answers at once, as the resolver would for the same fields, once the rules have arrived', async () => {
    const resolver = expenseFormResolver('USD');
    const values = fresh({ currency: 'USD', rate: '10,50', amount: '0', participantIds: [] });
    expect(resolver.passesNow(values, ['amount'])).toBeNull();
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const { errors } = await resolver(values, undefined, options);
    expect(Object.keys(errors).sort()).toEqual(['amount', 'participantIds']);
    expect(resolver.passesNow(values, ['amount', 'merchant'])).toBe(false);
    expect(resolver.passesNow(values, ['participantIds'])).toBe(false);
    expect(resolver.passesNow(values, ['merchant', 'note'])).toBe(true);
    expect(resolver.passesNow(fresh({ currency: 'USD', rate: '10,50' }), ['amount', 'participantIds'])).toBe(true);
    // Kept per currency: the next check of the same form needs nothing fetched.
    expect(expenseFormResolver('USD')).toBe(resolver);
  });

  it('gives the preview the same participants and entries the server will get, in member order', () => {
    const values = fresh({
      method: 'weight',
      participantIds: ['c', 'a'],
      splitValues: { weight: { a: '2', c: '' }, absolute: {}, percent: {} },
    });
    const input = splitInputOf(values, members, 'seed');
    // A field left blank takes the method's default (weight 1) on both sides.
    expect(input.participants).toEqual([
      { memberId: 'a', value: 200 },
      { memberId: 'c', value: undefined },
    ]);
    const body = toExpenseBody(values, 'SEK', members, 'seed');
    expect(body.split).toEqual({ method: 'weight', participants: [{ memberId: 'a', value: 200 }, { memberId: 'c' }] });
    expect(computeShares(input).shares.map((s) => s.amount)).toEqual([6667, 3333]);
  });

  it('turns junk entries into a refused split instead of a silent zero', () => {
    for (const junk of ['abc', '1.234', '12,345,6', '10 €', '-5']) {
      const values = fresh({
        method: 'absolute',
        splitValues: { weight: {}, absolute: { a: junk, b: '50', c: '50' }, percent: {} },
      });
      expect(computeShares(splitInputOf(values, members, 's')).problem, junk).toBe('INVALID_SHARE');
    }
  });

  it('reads split entries the Swedish way: amounts with grouping and kr, percent with %, weights with a comma', () => {
    const entries = (method: 'weight' | 'absolute' | 'percent', typed: Record<string, string>) =>
      splitInputOf(
        fresh({ amount: '2 469', method, splitValues: { weight: {}, absolute: {}, percent: {}, [method]: typed } }),
        members,
        's',
      ).participants.map((p) => p.value);
    expect(entries('absolute', { a: '1 234,50', b: '1234.50 kr', c: '0' })).toEqual([123_450, 123_450, 0]);
    expect(entries('percent', { a: '33,33 %', b: '33.33', c: '33,34%' })).toEqual([3333, 3333, 3334]);
    expect(entries('weight', { a: '1,5', b: '0.5', c: '2' })).toEqual([150, 50, 200]);
  });

  it('sends a typed rate only when it was typed and the currency differs from the group’s', () => {
    expect(
      toExpenseBody(fresh({ currency: 'EUR', rate: '11,5', rateManual: true }), 'SEK', members, 's').manualRateMicros,
    ).toBe(11_500_000);
    expect(
      toExpenseBody(fresh({ currency: 'EUR', rate: '11,5', rateManual: false }), 'SEK', members, 's').manualRateMicros,
    ).toBeNull();
    expect(
      toExpenseBody(fresh({ currency: 'SEK', rate: '11,5', rateManual: true }), 'SEK', members, 's').manualRateMicros,
    ).toBeNull();
  });

  it('puts a saved expense back into the form as it was typed, and sends the same body again', () => {
    const expense = {
      totalOre: 12_345,
      currency: 'EUR',
      expenseDate: '2026-11-19',
      merchant: null,
      category: 'Present',
      note: null,
      payerMemberId: 'b',
      payers: [{ memberId: 'b', name: 'B', amountOre: 12_345 }],
      rateMicros: 11_340_000,
      rateSource: 'manual',
      imageId: null,
      splitMethod: 'percent',
      shares: [
        { memberId: 'a', name: 'A', shareOre: 4115, shareInput: 3333 },
        { memberId: 'c', name: 'C', shareOre: 8230, shareInput: 6667 },
      ],
      items: [],
    } as unknown as ExpenseDetail;
    const values = valuesFromExpense(expense);
    expect(values).toMatchObject({
      amount: '123,45',
      category: CUSTOM_CATEGORY,
      customCategory: 'Present',
      rate: '11,34',
      rateManual: true,
      participantIds: ['a', 'c'],
      splitValues: { weight: {}, absolute: {}, percent: { a: '33,33', c: '66,67' } },
    });
    expect(toExpenseBody(values, 'SEK', members, 'x')).toEqual({
      totalOre: 12_345,
      currency: 'EUR',
      expenseDate: '2026-11-19',
      merchant: null,
      category: 'Present',
      note: null,
      payerMemberId: 'b',
      split: {
        method: 'percent',
        participants: [
          { memberId: 'a', value: 3333 },
          { memberId: 'c', value: 6667 },
        ],
      },
      manualRateMicros: 11_340_000,
    });
  });

  it('shows a saved amount in sv-SE writing and asks again for a rate saved as 1 without one being known', () => {
    const expense = {
      totalOre: 24_000_050,
      currency: 'EUR',
      expenseDate: '2026-11-19',
      merchant: null,
      category: 'mat',
      note: null,
      payerMemberId: 'a',
      payers: [{ memberId: 'a', name: 'A', amountOre: 24_000_050 }],
      rateMicros: 1_000_000,
      rateSource: 'fallback',
      imageId: null,
      splitMethod: 'absolute',
      shares: [{ memberId: 'a', name: 'A', shareOre: 24_000_050, shareInput: 24_000_050 }],
      items: [],
    } as unknown as ExpenseDetail;
    const values = valuesFromExpense(expense);
    expect(values).toMatchObject({ amount: '240\u00a0000,50', rate: '', rateManual: false });
    expect(values.splitValues.absolute).toEqual({ a: '240\u00a0000,50' });
    expect(messages(values)).toEqual({ rate: 'rateRequired' });
  });

  it('with several payers, asks for amounts that add up to the whole amount, read as typed', () => {
    const several = (payerAmounts: Record<string, string>, amount = '500') =>
      fresh({ amount, severalPayers: true, payerAmounts });
    expect(messages(several({}))).toEqual({ payerAmounts: 'payersMismatch' });
    expect(messages(several({ a: '300', b: '199,99' }))).toEqual({ payerAmounts: 'payersMismatch' });
    expect(messages(several({ a: '300', b: '200,01 kr' }))).toEqual({ payerAmounts: 'payersMismatch' });
    expect(messages(several({ a: '300', b: '1.234' }))).toEqual({ payerAmounts: 'numberAmbiguous' });
    expect(messages(several({ a: '300,00 kr', b: '200', c: '' }))).toEqual({});
    expect(messages(several({ a: '1 234,50', b: '0' }, '1234.5'))).toEqual({});
    // Closed again, what was typed there no longer counts.
    expect(messages(fresh({ severalPayers: false, payerAmounts: { a: '1' } }))).toEqual({});
  });

  it('sends several payers in member order, with whoever paid the most as main payer', () => {
    const values = fresh({ amount: '500', severalPayers: true, payerAmounts: { c: '300', a: '200', b: '' } });
    const body = toExpenseBody(values, 'SEK', members, 's');
    expect([body.payerMemberId, body.payers]).toEqual([
      'c',
      [
        { memberId: 'a', amountOre: 20_000 },
        { memberId: 'c', amountOre: 30_000 },
      ],
    ]);
    expect(toExpenseBody({ ...values, severalPayers: false }, 'SEK', members, 's')).not.toHaveProperty('payers');
  });

  it('opens a saved expense of several payers with their amounts, and one payer with the list closed', () => {
    const saved = (payers: Array<{ memberId: string; amountOre: number }>) =>
      ({
        totalOre: 50_000,
        currency: 'SEK',
        expenseDate: '2026-11-19',
        merchant: 'Middag',
        category: 'mat',
        note: null,
        payerMemberId: payers[0]?.memberId,
        payers: payers.map((p) => ({ ...p, name: p.memberId })),
        rateMicros: 1_000_000,
        rateSource: 'same',
        imageId: null,
        splitMethod: 'equal',
        shares: [{ memberId: 'a', name: 'A', shareOre: 50_000, shareInput: null }],
        items: [],
      }) as unknown as ExpenseDetail;
    const two = valuesFromExpense(
      saved([
        { memberId: 'b', amountOre: 30_000 },
        { memberId: 'a', amountOre: 20_000 },
      ]),
    );
    expect(two).toMatchObject({ severalPayers: true, payerAmounts: { b: '300', a: '200' } });
    expect(toExpenseBody(two, 'SEK', members, 'x').payers).toEqual([
      { memberId: 'a', amountOre: 20_000 },
      { memberId: 'b', amountOre: 30_000 },
    ]);
    expect(valuesFromExpense(saved([{ memberId: 'a', amountOre: 50_000 }]))).toMatchObject({
      severalPayers: false,
      payerAmounts: {},
    });
  });
});
