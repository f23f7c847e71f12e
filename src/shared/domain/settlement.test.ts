import { describe, expect, it } from 'vitest';
import { EXACT_LIMIT, settle, settleGreedy } from './settlement.ts';
import type { MemberBalance, Transfer } from './settlement.ts';
import { INSTANCE_SHAPES, applyTransfers, bruteForceMinTransfers, generateBalances } from './settlement-reference.ts';
import { createPrng, pick, randomInt, shuffled } from './testing/prng.ts';

const kr = (values: number[]): MemberBalance[] =>
  values.map((v, i) => ({ memberId: String.fromCharCode(97 + i), balance: v * 100 }));

/** Seeded instances of every shape with n in [min, max]; `distinct` only where it fits. */
function instances(seed: number, count: number, min: number, max: number): MemberBalance[][] {
  const prng = createPrng(seed);
  return Array.from({ length: count }, () => {
    const n = randomInt(prng, min, max);
    const shapes = INSTANCE_SHAPES.filter((s) => s !== 'distinct' || n <= 40);
    return generateBalances(prng, n, pick(prng, shapes));
  });
}

function expectSettlesExactly(balances: MemberBalance[], plan: Transfer[]): void {
  const sign = new Map(balances.map((m) => [m.memberId, Math.sign(m.balance)]));
  for (const t of plan) {
    expect(Number.isSafeInteger(t.amount) && t.amount > 0).toBe(true);
    expect(sign.get(t.from)).toBe(-1);
    expect(sign.get(t.to)).toBe(1);
  }
  expect(applyTransfers(balances, plan).every((m) => m.balance === 0)).toBe(true);
}

const withoutTransfer = (plan: Transfer[], index: number): Transfer[] => plan.filter((_, i) => i !== index);

describe('settle', () => {
  it('settles +6, +4, −4, −3, −3 kr in 3 transfers where largest-first greedy needs 4', () => {
    const balances = kr([6, 4, -4, -3, -3]);
    expect(settle(balances)).toEqual([
      { from: 'c', to: 'b', amount: 400 },
      { from: 'd', to: 'a', amount: 300 },
      { from: 'e', to: 'a', amount: 300 },
    ]);
    expect(settleGreedy(balances)).toHaveLength(4);
  });

  it('keeps the rest of the plan where two optimal partitions remain after a payment (decision record 004)', () => {
    const balances = [-3, -3, 2, 2, 2].map((v, i) => ({
      memberId: ['d1', 'd2', 'c1', 'c2', 'c3'][i] as string,
      balance: v * 100,
    }));
    const plan = settle(balances);
    expect(plan).toEqual([
      { from: 'd1', to: 'c1', amount: 200 },
      { from: 'd1', to: 'c2', amount: 100 },
      { from: 'd2', to: 'c2', amount: 100 },
      { from: 'd2', to: 'c3', amount: 200 },
    ]);
    expect(settle(applyTransfers(balances, [plan[1] as Transfer]))).toEqual(withoutTransfer(plan, 1));
  });

  it('brings every balance to exactly zero, each transfer a positive whole öre from a debtor to a creditor', () => {
    for (const balances of instances(1, 400, 2, 40)) expectSettlesExactly(balances, settle(balances));
  });

  it('uses exactly the fewest transfers the brute-force reference finds, up to 10 members', () => {
    for (const balances of instances(2, 500, 2, 10)) {
      expect(settle(balances)).toHaveLength(bruteForceMinTransfers(balances.map((m) => m.balance)));
    }
  });

  it('needs at most n minus the number of planted zero-sum subgroups, up to 20 members', () => {
    const prng = createPrng(3);
    for (let round = 0; round < 40; round += 1) {
      const sizes = Array.from({ length: randomInt(prng, 2, 6) }, () => randomInt(prng, 2, 4));
      const values = sizes.flatMap((size) => {
        const part = Array.from({ length: size - 1 }, () => randomInt(prng, 1, 90) * 100);
        return [...part, -part.reduce((a, b) => a + b, 0)];
      });
      const balances = shuffled(prng, values).map((balance, i) => ({ memberId: `p${i}`, balance }));
      expect(settle(balances).length).toBeLessThanOrEqual(values.length - sizes.length);
    }
  });

  it('returns the same transfers whatever order the balances arrive in', () => {
    const prng = createPrng(4);
    for (const balances of instances(4, 150, 2, 30)) {
      const plan = settle(balances);
      expect(settle(shuffled(prng, balances))).toEqual(plan);
      expect(settle([...balances, { memberId: 'zero', balance: 0 }])).toEqual(plan);
    }
  });

  it('leaves exactly the rest of the same plan after any one proposed transfer is paid', () => {
    for (const balances of instances(5, 300, 2, 12)) {
      const plan = settle(balances);
      plan.forEach((transfer, i) => {
        expect(settle(applyTransfers(balances, [transfer]))).toEqual(withoutTransfer(plan, i));
      });
    }
  });

  it('keeps the rest of the plan for every transfer also at 16 to 20 members with many zero-sum subsets', () => {
    const prng = createPrng(6);
    for (const shape of ['tiny', 'ones', 'planted', 'kronor'] as const) {
      const balances = generateBalances(prng, randomInt(prng, 16, EXACT_LIMIT), shape);
      const plan = settle(balances);
      plan.forEach((transfer, i) => {
        expect(settle(applyTransfers(balances, [transfer]))).toEqual(withoutTransfer(plan, i));
      });
    }
  });

  it('shrinks by exactly the paid transfer at every step when the whole plan is paid in random order', () => {
    const prng = createPrng(7);
    for (const balances of instances(7, 120, 2, 14)) {
      let current = balances;
      let plan = settle(current);
      while (plan.length > 0) {
        const i = randomInt(prng, 0, plan.length - 1);
        current = applyTransfers(current, [plan[i] as Transfer]);
        const next = settle(current);
        expect(next).toEqual(withoutTransfer(plan, i));
        plan = next;
      }
      expect(current.every((m) => m.balance === 0)).toBe(true);
    }
  });

  it('still settles exactly and minimally after a transfer is paid with a different amount than proposed', () => {
    const prng = createPrng(8);
    for (const balances of instances(8, 300, 2, 10)) {
      const plan = settle(balances);
      const proposed = pick(prng, plan);
      const paid = randomInt(prng, 1, 2 * proposed.amount);
      const after = applyTransfers(balances, [{ ...proposed, amount: paid as Transfer['amount'] }]);
      const replanned = settle(after);
      expectSettlesExactly(after, replanned);
      expect(replanned).toHaveLength(bruteForceMinTransfers(after.map((m) => m.balance)));
    }
  });

  it('is never worse than largest-first greedy, up to 200 members', () => {
    for (const balances of [...instances(9, 300, 2, 40), ...instances(10, 6, 100, 200)]) {
      expect(settle(balances).length).toBeLessThanOrEqual(settleGreedy(balances).length);
    }
  });

  it('proposes nothing when nobody owes anything', () => {
    expect(settle([])).toEqual([]);
    expect(settle([{ memberId: 'a', balance: 0 }])).toEqual([]);
  });

  it('refuses fractional öre, a member listed twice and balances that do not sum to zero', () => {
    expect(() =>
      settle([
        { memberId: 'a', balance: 0.5 },
        { memberId: 'b', balance: -0.5 },
      ]),
    ).toThrow(RangeError);
    expect(() => settle([...kr([1, -1]), { memberId: 'a', balance: 0 }])).toThrow(RangeError);
    expect(() => settle(kr([2, -1]))).toThrow(RangeError);
  });
});

describe('settleGreedy', () => {
  it('lets the biggest debtor pay the biggest creditor first and settles in at most n − 1 transfers', () => {
    expect(settleGreedy(kr([6, 4, -4, -3, -3]))).toEqual([
      { from: 'c', to: 'a', amount: 400 },
      { from: 'd', to: 'b', amount: 300 },
      { from: 'e', to: 'a', amount: 200 },
      { from: 'e', to: 'b', amount: 100 },
    ]);
    for (const balances of instances(11, 200, 2, 60)) {
      const plan = settleGreedy(balances);
      expectSettlesExactly(balances, plan);
      expect(plan.length).toBeLessThanOrEqual(balances.length - 1);
    }
  });
});
