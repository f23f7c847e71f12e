import { describe, expect, it } from 'vitest';
import { MAX_RATE_MICROS, MAX_TOTAL_ORE } from '../api/expenses-limits.ts';
import { formatDecimalText, parseDecimalText } from './decimal-text.ts';
import type { DecimalRules } from './decimal-text.ts';
import { formatOreText, MONEY_TEXT, parseOreText } from './money.ts';
import { formatRateText, parseFeedRate, parseRateText } from './rate-text.ts';
import { createPrng, pick, randomInt } from './testing/prng.ts';

const NBSP = '\u00a0';
const NARROW = '\u202f';
const money = (text: string) => parseDecimalText(text, MONEY_TEXT);
const oreOf = (text: string) => {
  const parsed = money(text);
  return parsed.ok ? parsed.value.value : parsed.code;
};

describe('parseDecimalText', () => {
  it('reads every way a Swede types or pastes 1 234,50 as the same öre', () => {
    for (const text of [
      '1234,50',
      '1 234,50',
      '1234.50',
      '1234,5',
      '1 234,50 kr',
      `1${NBSP}234,50`,
      `1${NARROW}234,50`,
      `1${NBSP}234,50${NBSP}kr`,
      '1.234,50',
      '1,234.50',
      ' 1 234,50 ',
      'SEK 1 234,50',
      '1 234,50:-',
    ]) {
      expect(oreOf(text), text).toBe(123_450);
    }
    expect(oreOf('1234')).toBe(123_400);
    expect(oreOf('1 234')).toBe(123_400);
    expect(oreOf(',5')).toBe(50);
    expect(oreOf('1234,')).toBe(123_400);
    expect(oreOf('1.234.567')).toBe(123_456_700);
    expect(oreOf('0,05')).toBe(5);
  });

  it('says which currency a word or sign around the number names', () => {
    const currencyOf = (text: string) => {
      const parsed = money(text);
      return parsed.ok ? parsed.value.currency : parsed.code;
    };
    expect(['12 kr', '12 KR', 'kr 12', '12 kronor', '12 SEK', 'sek12', '12:-'].map(currencyOf)).toEqual(
      Array(7).fill('SEK'),
    );
    expect(['12 €', '€12', '12 EUR', 'eur 12', '12 euro'].map(currencyOf)).toEqual(Array(5).fill('EUR'));
    expect(['$12', '12 $', '12 USD', 'US$ 12'].map(currencyOf)).toEqual(Array(4).fill('USD'));
    expect(currencyOf('12')).toBeNull();
  });

  it('refuses a point or comma before exactly three digits, which may be thousands or decimals', () => {
    for (const text of ['1.234', '1,234', '12.345', '123,456', '1.234 kr', '€ 1,234']) {
      expect(oreOf(text), text).toBe('ambiguous');
    }
    // With a leading zero, after four digits or beside space grouping there is only one reading.
    expect(oreOf('0,123')).toBe('tooManyDecimals');
    expect(oreOf('1234,567')).toBe('tooManyDecimals');
    expect(oreOf('1 234,567')).toBe('tooManyDecimals');
    expect(parseDecimalText('1,234', { decimals: 6, unit: 'none' })).toEqual({ ok: false, code: 'ambiguous' });
    expect(parseDecimalText('0,087', { decimals: 6, unit: 'none' })).toEqual({
      ok: true,
      value: { value: 87_000, currency: null },
    });
  });

  it('refuses text it cannot read for certain', () => {
    for (const text of [
      '1.234,5.0',
      '12,345,6',
      '1,23.45',
      '12 34,50',
      '1  234',
      '1 234.567,50',
      '1 234.567.890',
      'abc',
      '1e3',
      '12 NOK',
      'kr 12 kr',
      '12,-',
      '+12',
      '12-',
      ',',
      '1/2',
      '1\t234',
    ]) {
      expect(oreOf(text), text).toBe('unreadable');
    }
    expect(oreOf('')).toBe('empty');
    expect(oreOf(`  ${NBSP}`)).toBe('empty');
  });

  it('refuses more decimals than the field keeps instead of rounding', () => {
    expect(oreOf('12,345')).toBe('ambiguous');
    expect(oreOf('12,3456')).toBe('tooManyDecimals');
    expect(oreOf('0,001')).toBe('tooManyDecimals');
  });

  it('reads a minus only where negative numbers are allowed', () => {
    expect(oreOf('-12,50')).toBe('negative');
    expect(oreOf('−12')).toBe('negative');
    const signed: DecimalRules = { ...MONEY_TEXT, signed: true };
    expect(parseDecimalText('-12,50 kr', signed)).toEqual({ ok: true, value: { value: -1250, currency: 'SEK' } });
    expect(oreOf('-0')).toBe(0);
  });

  it('refuses numbers beyond a safe integer', () => {
    expect(oreOf('90 071 992 547 409,92')).toBe('tooLarge');
    expect(oreOf('99999999999999999999')).toBe('tooLarge');
    expect(oreOf('90 071 992 547 409,91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads machine text with a point only, as the ECB publishes it', () => {
    const feed = { decimals: 6, unit: 'none', machine: true } as const;
    expect(parseDecimalText('25.280', feed)).toEqual({ ok: true, value: { value: 25_280_000, currency: null } });
    for (const text of ['1,0823', '1 082.3', '1.0.8', '.5', '-1.2']) {
      expect(parseDecimalText(text, feed).ok, text).toBe(false);
    }
  });
});

describe('formatDecimalText', () => {
  it('writes sv-SE text: no-break space grouping, decimal comma, no decimals when whole', () => {
    expect(formatOreText(123_450)).toBe(`1${NBSP}234,50`);
    expect(formatOreText(123_400)).toBe(`1${NBSP}234`);
    expect(formatOreText(5)).toBe('0,05');
    expect(formatOreText(100_000_000_000)).toBe(`1${NBSP}000${NBSP}000${NBSP}000`);
    expect(formatDecimalText(150, { decimals: 2, trimZeros: true })).toBe('1,5');
    expect(formatDecimalText(-1250, { decimals: 2 })).toBe('-12,50');
  });

  it('never writes exactly three decimals, which would read as ambiguous', () => {
    expect(formatRateText(11_482_000)).toBe('11,4820');
    expect(formatRateText(11_482_300)).toBe('11,4823');
    expect(formatRateText(1_000_000)).toBe('1');
    expect(formatRateText(1)).toBe('0,000001');
  });
});

describe('formatting then parsing', () => {
  const prng = createPrng(34);
  const readOre = (text: string) => {
    const parsed = parseOreText(text);
    return parsed.ok ? parsed.value.ore : parsed.code;
  };

  it('gives back the same öre for every amount up to 2 000 kr and for the edges of the limit', () => {
    for (let value = 1; value <= 200_000; value += 1) {
      if (readOre(formatOreText(value)) !== value) expect(readOre(formatOreText(value))).toBe(value);
    }
    for (const value of [MAX_TOTAL_ORE, MAX_TOTAL_ORE - 1, 99_999_999_999, 100_000_000, 999_999]) {
      expect(readOre(formatOreText(value))).toBe(value);
    }
  });

  it('gives back the same öre for random amounts up to the limit, written as people write them', () => {
    const spellings = [
      (text: string) => text,
      (text: string) => text.replace(/\u00a0/g, ' '),
      (text: string) => text.replace(/\u00a0/g, NARROW),
      (text: string) => `${text} kr`,
      (text: string) => `${text}${NBSP}SEK`,
      (text: string) => `€${text}`,
      (text: string) => text.replace(/\u00a0/g, '').replace(',', '.'),
    ];
    for (let i = 0; i < 50_000; i += 1) {
      const value = randomInt(prng, 1, MAX_TOTAL_ORE);
      const text = pick(prng, spellings)(formatOreText(value));
      expect(readOre(text), text).toBe(value);
    }
  });

  it('gives back the same micros for random rates up to the limit', () => {
    for (let i = 0; i < 20_000; i += 1) {
      const micros = randomInt(prng, 1, MAX_RATE_MICROS);
      const parsed = parseRateText(formatRateText(micros));
      expect(parsed.ok && parsed.value.micros).toBe(micros);
    }
  });
});

describe('parseRateText and parseFeedRate', () => {
  it('reads typed and published rates into exact micros', () => {
    const micros = (text: string) => {
      const parsed = parseRateText(text);
      return parsed.ok ? parsed.value.micros : parsed.code;
    };
    expect(micros('11,4823')).toBe(11_482_300);
    expect(micros('11.4823 kr')).toBe(11_482_300);
    expect(micros('0,86125')).toBe(861_250);
    expect(micros('10')).toBe(10_000_000);
    expect(micros('0')).toBe('zero');
    expect(micros('0,0000015')).toBe('tooManyDecimals');
    expect(parseFeedRate('1.0823')).toBe(1_082_300);
    expect(parseFeedRate('162.51')).toBe(162_510_000);
    expect(parseFeedRate('0')).toBeNull();
    expect(parseFeedRate('1.00000001')).toBeNull();
  });
});
