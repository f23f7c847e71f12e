import { describe, expect, it } from 'vitest';
import { parseRateMicros, rateToText } from './rate-text.ts';
import { createPrng, randomInt } from './testing/prng.ts';

describe('parseRateMicros', () => {
  it('reads typed Swedish and published ECB rates into exact micros', () => {
    expect(parseRateMicros('11,4823')).toBe(11_482_300);
    expect(parseRateMicros('1.0823')).toBe(1_082_300);
    expect(parseRateMicros(' 162.51 ')).toBe(162_510_000);
    expect(parseRateMicros('0,86125')).toBe(861_250);
    expect(parseRateMicros('10')).toBe(10_000_000);
    expect(parseRateMicros('10,')).toBe(10_000_000);
  });

  it('rounds digits beyond the sixth decimal half up', () => {
    expect(parseRateMicros('0.0000015')).toBe(2);
    expect(parseRateMicros('0.0000014')).toBe(1);
  });

  it('refuses zero, negative, empty and non-numeric rates', () => {
    for (const text of ['0', '0,000000', '-1', '', ' ', 'abc', '1,2,3', '1e3'])
      expect(parseRateMicros(text)).toBeNull();
  });
});

describe('rateToText', () => {
  it('writes a decimal comma without trailing zeros', () => {
    expect(rateToText(11_482_300)).toBe('11,4823');
    expect(rateToText(1_000_000)).toBe('1');
    expect(rateToText(1)).toBe('0,000001');
  });

  it('gives back the same micros when its text is parsed again, for random rates', () => {
    const prng = createPrng(99);
    for (let i = 0; i < 1000; i += 1) {
      const micros = randomInt(prng, 1, 500_000_000);
      expect(parseRateMicros(rateToText(micros))).toBe(micros);
    }
  });
});
