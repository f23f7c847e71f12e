import { describe, expect, it } from 'vitest';
import { MISSING, formatDate, formatMoney, formatNumber, formatSignedMoney, startOfWeek, todayIso } from './format.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatNumber', () => {
  it('groups digits and shows at most two decimals with a decimal comma', () => {
    expect(nbsp(formatNumber(1234567.891))).toBe('1 234 567,89');
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatNumber(3)).toBe('3');
  });

  it('shows an en dash for a missing value', () => {
    expect(formatNumber(null)).toBe(MISSING);
    expect(formatNumber(undefined)).toBe('–');
    expect(formatNumber(Number.NaN)).toBe('–');
  });
});

describe('formatMoney', () => {
  it('writes whole kronor without decimals and anything else with two', () => {
    expect(nbsp(formatMoney(123400))).toBe('1 234 kr');
    expect(nbsp(formatMoney(1250))).toBe('12,50 kr');
    expect(nbsp(formatMoney(-5))).toBe('−0,05 kr');
  });

  it('uses the currency symbol Swedes expect for euro and dollar', () => {
    expect(nbsp(formatMoney(1000, 'EUR'))).toBe('10 €');
    expect(nbsp(formatMoney(1099, 'USD'))).toBe('10,99 US$');
  });

  it('marks positive balances with a plus sign', () => {
    expect(nbsp(formatSignedMoney(12000))).toBe('+120 kr');
    expect(nbsp(formatSignedMoney(-12000))).toBe('−120 kr');
  });
});

describe('dates', () => {
  it('formats calendar dates the Swedish way without shifting the day', () => {
    expect(formatDate('2026-01-01')).toBe('2026-01-01');
    expect(formatDate('inte ett datum')).toBe('–');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16'); // a Sunday belongs to the week of the Monday before
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16');
  });

  it('gives today in Stockholm, not in UTC', () => {
    expect(todayIso(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });
});
