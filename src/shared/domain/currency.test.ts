import { describe, expect, it } from 'vitest';
import { convertOre, convertShares, crossRate, RATE_ONE } from './currency.ts';
import { createPrng, randomInt } from './testing/prng.ts';

describe('currency conversion', () => {
  it('converts öre at a micro-rate rounding half away from zero', () => {
    expect(convertOre(1000, 11_482_300)).toBe(11_482);
    expect(convertOre(1, 500_000)).toBe(1);
    expect(convertOre(1, 499_999)).toBe(0);
    expect(convertOre(-1, 500_000)).toBe(-1);
    expect(convertOre(12_345, RATE_ONE)).toBe(12_345);
  });

  it('keeps converted shares summing exactly to the converted total for random expenses and rates', () => {
    const prng = createPrng(42);
    for (let round = 0; round < 1000; round += 1) {
      const n = randomInt(prng, 1, 9);
      const shares = Array.from({ length: n }, (_, i) => ({ memberId: `m${i}`, amount: randomInt(prng, 0, 500_000) }));
      const total = shares.reduce((a, s) => a + s.amount, 0);
      const rate = randomInt(prng, 50_000, 20_000_000);
      const converted = convertShares(shares, total, rate, `r${round}`);
      expect(converted.reduce((a, s) => a + s.amount, 0)).toBe(convertOre(total, rate));
      for (const [i, s] of converted.entries()) {
        expect(Math.abs(s.amount - (shares[i]!.amount * rate) / RATE_ONE)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('derives a cross rate through EUR, so SEK per USD is SEK per EUR divided by USD per EUR', () => {
    // 1 EUR = 11.0 SEK and 1 EUR = 1.1 USD → 1 USD = 10 SEK.
    expect(crossRate(1_100_000, 11_000_000)).toBe(10_000_000);
    expect(crossRate(11_000_000, 11_000_000)).toBe(RATE_ONE);
  });
});
