import { MAX_TOTAL_ORE, MAX_TRANSFER_THRESHOLD_ORE } from '#shared/api/settlement-limits.ts';
import type { DecimalProblem } from '#shared/domain/decimal-text.ts';
import { parseOreText, type Ore } from '#shared/domain/money.ts';
import type { ValidationKey } from '#shared/i18n/sv/validation.ts';
import { fail, ok, type Result } from '#shared/result.ts';

// Both money fields of settlement read their text with the one parser (decision 034).

/** The message for text the parser could not read for certain; `otherwise` for empty, negative or too large. */
function readingKey(problem: DecimalProblem, otherwise: ValidationKey): ValidationKey {
  if (problem === 'unreadable') return 'numberUnreadable';
  if (problem === 'ambiguous') return 'numberAmbiguous';
  if (problem === 'tooManyDecimals') return 'numberTooManyDecimals';
  return otherwise;
}

/** "Belopp" of a payment: öre above 0 and at most MAX_TOTAL_ORE, in the group currency if the text names one. */
export function readPaymentAmount(text: string, currency: string): Result<Ore, ValidationKey> {
  const parsed = parseOreText(text);
  if (!parsed.ok) return fail(readingKey(parsed.code, parsed.code === 'tooLarge' ? 'amountTooLarge' : 'amountInvalid'));
  if (parsed.value.currency !== null && parsed.value.currency !== currency) return fail('amountCurrencyMismatch');
  if (parsed.value.ore <= 0) return fail('amountInvalid');
  return parsed.value.ore <= MAX_TOTAL_ORE ? ok(parsed.value.ore) : fail('amountTooLarge');
}

/** "Visa inte överföringar under": 0 to MAX_TRANSFER_THRESHOLD_ORE öre; empty means 0, every transfer shown. */
export function readThreshold(text: string, currency: string): Result<number, ValidationKey> {
  if (text.trim() === '') return ok(0);
  const parsed = parseOreText(text);
  if (!parsed.ok) return fail(readingKey(parsed.code, 'thresholdInvalid'));
  if (parsed.value.currency !== null && parsed.value.currency !== currency) return fail('amountCurrencyMismatch');
  return parsed.value.ore <= MAX_TRANSFER_THRESHOLD_ORE ? ok(parsed.value.ore) : fail('thresholdInvalid');
}
