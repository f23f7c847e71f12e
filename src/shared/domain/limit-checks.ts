import { convertOre } from './currency.ts';
import type { RateMicros } from './currency.ts';
import {
  MAX_GROUPS_PER_USER,
  MAX_RATE_MICROS,
  MAX_EXPENSES_PER_GROUP,
  MAX_PAYMENTS_PER_GROUP,
  MAX_TOTAL_ORE,
  MIN_RATE_MICROS,
} from './limits.ts';
import type { Ore } from './money.ts';
import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';

/** Why an expense's amount cannot be saved: a key of sv.validation, shown under the field it names. */
export type AmountProblem = 'amountInvalid' | 'amountTooLarge' | 'rateOutOfRange' | 'convertedOutOfRange';

/** The body field each problem belongs to, so the server answers 400 VALIDATION with that field. */
export const AMOUNT_PROBLEM_FIELD = {
  amountInvalid: 'totalOre',
  amountTooLarge: 'totalOre',
  rateOutOfRange: 'manualRateMicros',
  convertedOutOfRange: 'totalOre',
} as const satisfies Record<AmountProblem, string>;

/** True for a rate, ×1 000 000, that Kvitt accepts from a person or a feed: 0,001 to 1 000 (decision 036). */
export function isRateWithinLimits(rateMicros: number): boolean {
  return Number.isSafeInteger(rateMicros) && rateMicros >= MIN_RATE_MICROS && rateMicros <= MAX_RATE_MICROS;
}

/**
 * An expense's total in öre of its own currency and its rate, checked against the limits of decision 036; the value
 * is the total in öre of the group currency, between 1 öre and MAX_TOTAL_ORE. Exists so that no sum a group, its
 * balances or a person's statistics add up can pass Number.MAX_SAFE_INTEGER.
 */
export function checkExpenseAmount(input: { totalOre: number; rateMicros: RateMicros }): Result<Ore, AmountProblem> {
  const { totalOre, rateMicros } = input;
  if (!Number.isSafeInteger(totalOre) || totalOre < 1) return fail('amountInvalid');
  if (totalOre > MAX_TOTAL_ORE) return fail('amountTooLarge');
  if (!isRateWithinLimits(rateMicros)) return fail('rateOutOfRange');
  const converted = convertOre(totalOre, rateMicros);
  if (converted < 1 || converted > MAX_TOTAL_ORE) return fail('convertedOutOfRange');
  return ok(converted);
}

/** Whether a group that holds `expenseCount` expenses may take one more: at most MAX_EXPENSES_PER_GROUP. */
export function checkExpenseCount(expenseCount: number): Result<void, 'EXPENSE_LIMIT_REACHED'> {
  return expenseCount < MAX_EXPENSES_PER_GROUP ? ok(undefined) : fail('EXPENSE_LIMIT_REACHED');
}

/** Whether a person active in `groupCount` groups may create or join one more: at most MAX_GROUPS_PER_USER. */
export function checkGroupCount(groupCount: number): Result<void, 'GROUP_LIMIT_REACHED'> {
  return groupCount < MAX_GROUPS_PER_USER ? ok(undefined) : fail('GROUP_LIMIT_REACHED');
}

/** Whether a group that holds `paymentCount` payments may take one more: at most MAX_PAYMENTS_PER_GROUP. */
export function checkPaymentCount(paymentCount: number): Result<void, 'PAYMENT_LIMIT_REACHED'> {
  return paymentCount < MAX_PAYMENTS_PER_GROUP ? ok(undefined) : fail('PAYMENT_LIMIT_REACHED');
}
