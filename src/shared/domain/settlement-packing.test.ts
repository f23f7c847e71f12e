import { describe, expect, it } from 'vitest';
import { zeroSumMasks } from './settlement-levels.ts';
import { indexPacking } from './settlement-packing.ts';
import type { PackingForm } from './settlement-packing.ts';
import { mostGroups } from './settlement-reference.ts';
import { createPrng, randomInt } from './testing/prng.ts';

/** Seeded non-zero values, small enough that many subsets sum to zero, sometimes with many repeats. */
function randomValues(prng: () => number, n: number): number[] {
  const max = randomInt(prng, 1, 12);
  return Array.from({ length: n }, () => (prng() < 0.5 ? 1 : -1) * randomInt(prng, 1, max) * 100);
}

const subsetOf = (values: number[], mask: number): number[] => values.filter((_, i) => mask & (1 << i));

describe('zeroSumMasks', () => {
  it('lists exactly the non-empty subsets whose balances sum to zero, each once', () => {
    const prng = createPrng(21);
    for (let round = 0; round < 200; round += 1) {
      const values = randomValues(prng, randomInt(prng, 0, 11));
      const expected = Array.from({ length: 2 ** values.length }, (_, mask) => mask).filter(
        (mask) => mask !== 0 && subsetOf(values, mask).reduce((a, b) => a + b, 0) === 0,
      );
      expect([...zeroSumMasks(values)].sort((a, b) => a - b)).toEqual(expected);
    }
  });
});

describe('indexPacking', () => {
  it('counts the most disjoint zero-sum groups of every subset like brute force, in all three forms', () => {
    const prng = createPrng(22);
    const forms: PackingForm[] = ['auto', 'multiset', 'sparse', 'dense'];
    for (let round = 0; round < 80; round += 1) {
      const values = randomValues(prng, randomInt(prng, 1, 9));
      for (const form of forms) {
        const index = indexPacking(values, form);
        for (let mask = 0; mask < 2 ** values.length; mask += 1) {
          // A subset's key is the full key minus the steps of the members left out.
          const key = values.reduce((k, _, i) => (mask & (1 << i) ? k : k - (index.stepOf[i] as number)), index.full);
          expect(index.groupsIn(key)).toBe(mostGroups(subsetOf(values, mask)));
        }
      }
    }
  });

  it('agrees between count vectors and bit-set levels on 19 members with thousands of zero-sum subsets', () => {
    const prng = createPrng(23);
    for (let round = 0; round < 3; round += 1) {
      const values = randomValues(prng, 19);
      // Lists per level are quadratic in the zero-sum subsets: checked against brute force above, not here.
      const indexes = (['multiset', 'dense'] as const).map((form) => indexPacking(values, form));
      for (let probe = 0; probe < 300; probe += 1) {
        const mask = randomInt(prng, 0, 2 ** 19 - 1);
        const counts = indexes.map((index) =>
          index.groupsIn(
            values.reduce((k, _, i) => (mask & (1 << i) ? k : k - (index.stepOf[i] as number)), index.full),
          ),
        );
        expect(new Set(counts).size).toBe(1);
      }
    }
  });
});
