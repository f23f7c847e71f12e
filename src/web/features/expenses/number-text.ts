import { MAX_TOTAL_ORE } from '#shared/api/expenses-limits.ts';
import type { RateMicros } from '#shared/domain/currency.ts';
import { isRateWithinLimits } from '#shared/domain/limit-checks.ts';
import { formatDecimalText, parseDecimalText } from '#shared/domain/decimal-text.ts';
import type { DecimalProblem, DecimalRules } from '#shared/domain/decimal-text.ts';
import { MONEY_TEXT, type Ore } from '#shared/domain/money.ts';
import { parseRateText } from '#shared/domain/rate-text.ts';
import { fail, ok, type Result } from '#shared/result.ts';
import type { ValidationKey } from '#shared/i18n/sv/validation.ts';
import type { ValuedMethod } from './expense-form.ts';

// The form's number fields read text with the one parser (decision 034); here each refusal gets its message.

/** Why a number field's text is refused, for the messages every number field shares. */
const READING: Record<Exclude<DecimalProblem, 'empty' | 'negative' | 'tooLarge'>, ValidationKey> = {
  unreadable: 'numberUnreadable',
  ambiguous: 'numberAmbiguous',
  tooManyDecimals: 'numberTooManyDecimals',
};

const problemKey = (problem: DecimalProblem, otherwise: ValidationKey): ValidationKey =>
  problem === 'empty' || problem === 'negative' || problem === 'tooLarge' ? otherwise : READING[problem];

/** Belopp: öre above 0 and within the limit, in the chosen currency if the text names one. */
export function checkAmount(text: string, currency: string): Result<Ore, ValidationKey> {
  const parsed = parseDecimalText(text, MONEY_TEXT);
  if (!parsed.ok) return fail(parsed.code === 'tooLarge' ? 'amountTooLarge' : problemKey(parsed.code, 'amountInvalid'));
  const { value, currency: named } = parsed.value;
  if (named !== null && named !== currency) return fail('amountCurrencyMismatch');
  if (value <= 0) return fail('amountInvalid');
  return value <= MAX_TOTAL_ORE ? ok(value as Ore) : fail('amountTooLarge');
}

const RATE_KEYS: Record<DecimalProblem | 'zero', ValidationKey> = {
  empty: 'rateRequired',
  unreadable: 'rateInvalid',
  ambiguous: 'rateAmbiguous',
  tooManyDecimals: 'rateTooManyDecimals',
  negative: 'rateInvalid',
  tooLarge: 'rateOutOfRange',
  zero: 'rateInvalid',
};

/** Växelkurs: group currency per unit, six decimals at most, above 0 and within the limit; empty is refused. */
export function checkRate(text: string, groupCurrency: string): Result<RateMicros, ValidationKey> {
  const parsed = parseRateText(text);
  if (!parsed.ok) return fail(RATE_KEYS[parsed.code]);
  if (parsed.value.currency !== null && parsed.value.currency !== groupCurrency) return fail('rateCurrencyMismatch');
  return isRateWithinLimits(parsed.value.micros) ? ok(parsed.value.micros) : fail('rateOutOfRange');
}

/** Each split entry in hundredths: a weight (×100), an amount of money (öre) or a percentage (basis points). */
const ENTRY_RULES: Record<ValuedMethod, DecimalRules> = {
  weight: { decimals: 2, unit: 'none' },
  absolute: MONEY_TEXT,
  percent: { decimals: 2, unit: 'percent' },
};

/** A person's split entry: 0 or more, within the limit; an amount in the expense's currency if its text names one. */
export function checkEntry(method: ValuedMethod, text: string, currency: string): Result<number, ValidationKey> {
  const parsed = parseDecimalText(text, ENTRY_RULES[method]);
  if (!parsed.ok) return fail(problemKey(parsed.code, 'shareInvalid'));
  const { value, currency: named } = parsed.value;
  if (named !== null && named !== currency) return fail('amountCurrencyMismatch');
  return value <= MAX_TOTAL_ORE ? ok(value) : fail('shareInvalid');
}

/** A split entry in hundredths as its field shows it: "1 234,50" for money, "1,5" for a weight, "33,33" for percent. */
export function entryText(method: ValuedMethod, value: number): string {
  return formatDecimalText(value, { decimals: 2, trimZeros: method !== 'absolute' });
}

/**
 * A receipt line's amount ("Per rad"): money read by the one parser, a minus allowed for a discount on its own, within
 * the amount limit either way; an amount in the expense's currency if its text names one.
 */
export function checkLineAmount(text: string, currency: string): Result<number, ValidationKey> {
  const parsed = parseDecimalText(text, { ...MONEY_TEXT, signed: true });
  if (!parsed.ok)
    return fail(problemKey(parsed.code, parsed.code === 'empty' ? 'itemAmountRequired' : 'amountInvalid'));
  const { value, currency: named } = parsed.value;
  if (named !== null && named !== currency) return fail('amountCurrencyMismatch');
  return Math.abs(value) <= MAX_TOTAL_ORE ? ok(value) : fail('amountTooLarge');
}
