import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_ORE, MAX_TRANSFER_THRESHOLD_ORE } from '#shared/api/settlement-limits.ts';
import { readPaymentAmount, readThreshold } from './money-field.ts';

const verdict = (result: { ok: true; value: number } | { ok: false; code: string }) =>
  result.ok ? result.value : result.code;

describe('the payment amount field', () => {
  it.each([
    ['150,50', 15_050],
    ['150.50 kr', 15_050],
    ['1 234,5', 123_450],
    ['0', 'amountInvalid'],
    ['-5', 'amountInvalid'],
    ['', 'amountInvalid'],
    ['1.234', 'numberAmbiguous'],
    ['12,345', 'numberAmbiguous'],
    ['1,005', 'numberAmbiguous'],
    ['1,0055', 'numberTooManyDecimals'],
    ['tolv', 'numberUnreadable'],
    ['10 €', 'amountCurrencyMismatch'],
  ])('reads %j as %j', (text, expected) => {
    expect(verdict(readPaymentAmount(text, 'SEK'))).toBe(expected);
  });

  it('takes the largest amount an expense may have, and not one öre more', () => {
    const largest = `${MAX_TOTAL_ORE / 100}`;
    expect(verdict(readPaymentAmount(largest, 'SEK'))).toBe(MAX_TOTAL_ORE);
    expect(verdict(readPaymentAmount(`${largest},01`, 'SEK'))).toBe('amountTooLarge');
  });
});

describe('the small-transfer threshold field', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['5', 500],
    ['2,50 kr', 250],
    [`${MAX_TRANSFER_THRESHOLD_ORE / 100}`, MAX_TRANSFER_THRESHOLD_ORE],
    [`${MAX_TRANSFER_THRESHOLD_ORE / 100},01`, 'thresholdInvalid'],
    ['-1', 'thresholdInvalid'],
    ['1.234', 'numberAmbiguous'],
    ['5 $', 'amountCurrencyMismatch'],
  ])('reads %j as %j', (text, expected) => {
    expect(verdict(readThreshold(text, 'SEK'))).toBe(expected);
  });
});
