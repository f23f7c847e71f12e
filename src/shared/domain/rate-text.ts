import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';
import type { Currency, RateMicros } from './currency.ts';
import { formatDecimalText, parseDecimalText } from './decimal-text.ts';
import type { DecimalProblem, DecimalRules } from './decimal-text.ts';

const MICRO_DIGITS = 6;
/** A rate as typed: six decimals at most (micros), the target currency's word or sign allowed ("11,45 kr"). */
export const RATE_TEXT: DecimalRules = { decimals: MICRO_DIGITS, unit: 'currency' };

/** Why a typed rate is refused: the reader's reasons, or `zero`, because a rate of 0 would erase the expense. */
export type RateProblem = DecimalProblem | 'zero';

/**
 * A rate as typed ("11,4823", "11.4823 kr") to integer micros through parseDecimalText (decision 034), with the
 * currency its text named; more than six decimals are refused, never rounded.
 */
export function parseRateText(text: string): Result<{ micros: RateMicros; currency: Currency | null }, RateProblem> {
  const parsed = parseDecimalText(text, RATE_TEXT);
  if (!parsed.ok) return parsed;
  return parsed.value.value > 0 ? ok({ micros: parsed.value.value, currency: parsed.value.currency }) : fail('zero');
}

/** A rate as published in the ECB feed ("1.0823": digits and a point only) to micros; null for anything else. */
export function parseFeedRate(text: string): RateMicros | null {
  const parsed = parseDecimalText(text, { decimals: MICRO_DIGITS, unit: 'none', machine: true });
  return parsed.ok && parsed.value.value > 0 ? parsed.value.value : null;
}

/** Micros as Swedish text for the rate field, without trailing zeros (11 482 300 → "11,4823", 11 482 000 → "11,4820"). */
export function formatRateText(micros: RateMicros): string {
  return formatDecimalText(micros, { decimals: MICRO_DIGITS, trimZeros: true });
}
