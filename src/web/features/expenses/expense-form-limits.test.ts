import { describe, expect, it } from 'vitest';
import {
  MAX_GROUPS_PER_USER,
  MAX_RATE_MICROS,
  MAX_EXPENSES_PER_GROUP,
  MAX_TOTAL_ORE,
  MIN_RATE_MICROS,
} from '#shared/domain/limits.ts';
import { formatNumber } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { newExpenseValues, type ExpenseFormValues } from './expense-form.ts';
import { expenseFormSchema } from './expense-form-schema.ts';

const fresh = (overrides: Partial<ExpenseFormValues> = {}): ExpenseFormValues => ({
  ...newExpenseValues({ currency: 'SEK', today: '2026-11-20', myMemberId: 'a', memberIds: ['a', 'b'] }),
  ...overrides,
});
const messages = (values: ExpenseFormValues, groupCurrency = 'SEK') => {
  const result = expenseFormSchema(groupCurrency).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const euros = (amount: string, rate: string, rateManual = true) =>
  messages(fresh({ amount, currency: 'EUR', rate, rateManual }));

describe('the expense form at the limits of decision 036', () => {
  it('takes 1 000 000,00 and refuses one öre more, saying how much is allowed', () => {
    expect(messages(fresh({ amount: '1 000 000,00' }))).toEqual({});
    expect(messages(fresh({ amount: '1 000 000,01' }))).toEqual({ amount: 'amountTooLarge' });
    expect(sv.validation.amountTooLarge).toContain(formatNumber(MAX_TOTAL_ORE / 100));
    expect(sv.validation.convertedOutOfRange).toContain(formatNumber(MAX_TOTAL_ORE / 100));
  });

  it('takes rates from 0,001 to 1 000 and refuses the rest, typed or fetched', () => {
    expect(euros('10', '0,001')).toEqual({});
    expect(euros('10', '1000')).toEqual({});
    expect(euros('10', '0,0009')).toEqual({ rate: 'rateOutOfRange' });
    expect(euros('10', '1000,000001')).toEqual({ rate: 'rateOutOfRange' });
    expect(euros('10', '100000', false)).toEqual({ rate: 'rateOutOfRange' });
    const rateFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 6 });
    const [lowest, highest] = [MIN_RATE_MICROS, MAX_RATE_MICROS].map((micros) => rateFormat.format(micros / 1_000_000));
    expect(sv.validation.rateOutOfRange).toContain(`${lowest} och ${highest}`);
  });

  it('refuses an amount that passes 1 000 000,00 or rounds to nothing in the group currency, under the amount', () => {
    expect(euros('86 956,52', '11,5')).toEqual({});
    expect(euros('86 956,53', '11,5')).toEqual({ amount: 'convertedOutOfRange' });
    expect(euros('100 000', '11,5', false)).toEqual({ amount: 'convertedOutOfRange' });
    expect(euros('0,01', '0,001')).toEqual({ amount: 'convertedOutOfRange' });
  });

  it('keeps the texts of the expense and group limits in step with the numbers', () => {
    expect(sv.errors.EXPENSE_LIMIT_REACHED).toContain(`${formatNumber(MAX_EXPENSES_PER_GROUP)} kvitton`);
    expect(sv.errors.GROUP_LIMIT_REACHED).toContain(`${formatNumber(MAX_GROUPS_PER_USER)} grupper`);
  });
});
