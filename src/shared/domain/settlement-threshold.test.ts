import { describe, expect, it } from 'vitest';
import { EXACT_LIMIT, settle } from './settlement.ts';
import type { MemberBalance } from './settlement.ts';
import { INSTANCE_SHAPES, applyTransfers, generateBalances } from './settlement-reference.ts';
import { leaveOutSmallTransfers } from './settlement-threshold.ts';
import { createPrng, pick, randomInt } from './testing/prng.ts';

const kr = (values: number[]): MemberBalance[] =>
  values.map((v, i) => ({ memberId: String.fromCharCode(97 + i), balance: Math.round(v * 100) }));

/** Seeded balances of every shape, small enough for the exact solver. */
function instances(seed: number, count: number): MemberBalance[][] {
  const prng = createPrng(seed);
  return Array.from({ length: count }, () =>
    generateBalances(prng, randomInt(prng, 2, EXACT_LIMIT), pick(prng, INSTANCE_SHAPES)),
  );
}

describe('leaveOutSmallTransfers', () => {
  it('leaves out the transfers below the threshold and states their count and sum', () => {
    // a owes 10 kr, b 3,40 kr, c 2 kr; d is owed 15,40 kr → three transfers to d.
    const plan = settle(kr([-10, -3.4, -2, 15.4]));
    expect(plan.map((t) => t.amount)).toEqual([1_000, 340, 200]);
    const result = leaveOutSmallTransfers(plan, 500);
    expect(result.shown).toEqual([{ from: 'a', to: 'd', amount: 1_000 }]);
    expect(result.omitted).toEqual({ count: 2, totalOre: 540 });
  });

  it('keeps a transfer of exactly the threshold', () => {
    const plan = settle(kr([-5, 5]));
    expect(leaveOutSmallTransfers(plan, 500)).toEqual({ shown: plan, omitted: { count: 0, totalOre: 0 } });
    expect(leaveOutSmallTransfers(plan, 501).omitted).toEqual({ count: 1, totalOre: 500 });
  });

  it('shows the whole plan when the threshold is 0', () => {
    for (const balances of instances(11, 50)) {
      const plan = settle(balances);
      expect(leaveOutSmallTransfers(plan, 0)).toEqual({ shown: plan, omitted: { count: 0, totalOre: 0 } });
    }
  });

  it('never loses money: shown and left out add up to the whole plan, each on its side of the threshold', () => {
    const prng = createPrng(59);
    for (const balances of instances(59, 300)) {
      const plan = settle(balances);
      const threshold = randomInt(prng, 0, 10_000);
      const { shown, omitted } = leaveOutSmallTransfers(plan, threshold);
      const small = plan.filter((t) => !shown.includes(t));
      expect(shown.every((t) => t.amount >= threshold)).toBe(true);
      expect(small.every((t) => t.amount < threshold)).toBe(true);
      expect(shown.length + omitted.count).toBe(plan.length);
      const sum = (ts: typeof plan) => ts.reduce((a, t) => a + t.amount, 0);
      expect(sum(shown) + omitted.totalOre).toBe(sum(plan));
      expect(omitted.totalOre).toBe(sum(small));
    }
  });

  it('keeps the shown transfers exact: once they are paid, the next plan is exactly the transfers left out', () => {
    const prng = createPrng(4);
    for (const balances of instances(4, 200)) {
      const plan = settle(balances);
      const { shown } = leaveOutSmallTransfers(plan, randomInt(prng, 1, 5_000));
      const after = settle(applyTransfers(balances, shown));
      expect(after).toEqual(plan.filter((t) => !shown.includes(t)));
    }
  });

  it('refuses a threshold that is not whole öre of at least 0', () => {
    expect(() => leaveOutSmallTransfers([], -1)).toThrow(RangeError);
    expect(() => leaveOutSmallTransfers([], 2.5)).toThrow(RangeError);
  });
});
