import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, swedishMobile } from './phone.ts';

describe('swedishMobile', () => {
  it('reads every common notation of the same Swedish mobile number as the same ten digits', () => {
    const notations = [
      '0701234567',
      '070-123 45 67',
      '070 123 45 67',
      '+46 70 123 45 67',
      '+46701234567',
      '0046 70-123 45 67',
      '(070) 123 45 67',
      ' 070.123.45.67 ',
    ];
    for (const text of notations) expect(swedishMobile(text)).toBe('0701234567');
  });

  it('refuses landlines, foreign numbers and numbers with a digit too many or too few', () => {
    for (const text of [
      '08-123 456 78',
      '+47 412 34 567',
      '070123456',
      '07012345678',
      '+46 8 123 456 78',
      'ring mig',
      '',
    ]) {
      expect(swedishMobile(text)).toBeNull();
    }
  });
});

describe('normalisePhone', () => {
  it('stores a Swedish mobile paste-safe and keeps any other number exactly as typed, trimmed', () => {
    expect(normalisePhone(' +46 73-987 65 43 ')).toBe('0739876543');
    expect(normalisePhone('  08-123 456 78 ')).toBe('08-123 456 78');
    expect(normalisePhone('+47 412 34 567')).toBe('+47 412 34 567');
  });

  it('is idempotent: normalising a stored number changes nothing', () => {
    for (const text of ['0701234567', '08-123 456 78', '+47 412 34 567'])
      expect(normalisePhone(normalisePhone(text))).toBe(normalisePhone(text));
  });
});

describe('formatPhone', () => {
  it('groups a stored mobile the Swedish way and leaves other numbers untouched', () => {
    expect(formatPhone('0701234567')).toBe('070-123 45 67');
    expect(formatPhone('08-123 456 78')).toBe('08-123 456 78');
  });

  it('formats into text that reads back as the same stored number', () => {
    expect(normalisePhone(formatPhone('0761112233'))).toBe('0761112233');
  });
});
