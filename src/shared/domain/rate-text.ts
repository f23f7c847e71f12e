import { RATE_ONE } from './currency.ts';
import type { RateMicros } from './currency.ts';

const MICRO_DIGITS = 6;
const DECIMAL_RATE = /^(\d{1,9})(?:[.,](\d*))?$/;

/**
 * A decimal rate as typed ("11,4823", "11.4823", " 0,5 ") or published by the ECB ("1.0823") to integer micros,
 * without floats; digits past the sixth decimal round half up. Null for anything else and for a zero rate, because
 * a rate of 0 would erase the expense.
 */
export function parseRateMicros(text: string): RateMicros | null {
  const match = DECIMAL_RATE.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, MICRO_DIGITS).padEnd(MICRO_DIGITS, '0');
  const roundUp = fraction.length > MICRO_DIGITS && Number(fraction[MICRO_DIGITS]) >= 5 ? 1 : 0;
  const micros = Number(whole) * RATE_ONE + Number(kept) + roundUp;
  return Number.isSafeInteger(micros) && micros > 0 ? micros : null;
}

/** Micros as Swedish decimal text with a decimal comma and no trailing zeros (11 482 300 → "11,4823"), for forms. */
export function rateToText(micros: RateMicros): string {
  const whole = Math.trunc(micros / RATE_ONE);
  const fraction = String(micros % RATE_ONE)
    .padStart(MICRO_DIGITS, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : String(whole);
}
