import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_ORE } from './limits.ts';
import { ore } from './money.ts';
import { apportion, computeShares, splitExpense, tieBreakRank } from './split.ts';
import type { SplitInput, SplitMethod, SplitParticipant } from './split.ts';
import { createPrng, pick, randomInt, shuffled } from './testing/prng.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `member-${i + 1}`);

function amountsOf(input: SplitInput): number[] {
  const result = splitExpense(input);
  if (!result.ok) throw new Error(`unexpected ${result.code}`);
  return result.value.map((s) => s.amount);
}

function byMember(input: SplitInput): Map<string, number> {
  const result = splitExpense(input);
  if (!result.ok) throw new Error(`unexpected ${result.code}`);
  return new Map(result.value.map((s) => [s.memberId, s.amount]));
}

/** Random participants whose values are valid for the method and, for percent, add up to 100 %. */
function randomParticipants(prng: () => number, method: SplitMethod, total: number, n: number): SplitParticipant[] {
  const members = ids(n);
  if (method === 'equal') return members.map((memberId) => ({ memberId }));
  if (method === 'weight') {
    const weights = members.map(() => randomInt(prng, 0, 500));
    if (!weights.some((w) => w > 0)) weights[0] = 100;
    return members.map((memberId, i) => ({ memberId, value: weights[i] as number }));
  }
  const whole = method === 'percent' ? 10_000 : total;
  const cuts = Array.from({ length: n - 1 }, () => randomInt(prng, 0, whole)).sort((a, b) => a - b);
  const bounds = [0, ...cuts, whole];
  return members.map((memberId, i) => ({ memberId, value: (bounds[i + 1] as number) - (bounds[i] as number) }));
}

describe('splitExpense', () => {
  it('gives shares that add up exactly to the total, never negative, for all four methods and random totals', () => {
    const prng = createPrng(20_260_401);
    for (let round = 0; round < 2_000; round += 1) {
      const method = pick(prng, ['equal', 'weight', 'absolute', 'percent'] as const);
      const total = randomInt(prng, 1, pick(prng, [10, 1_000, 1_000_000, MAX_TOTAL_ORE]));
      const n = randomInt(prng, 1, 12);
      const input = {
        method,
        total: ore(total),
        participants: randomParticipants(prng, method, total, n),
        seed: `r${round}`,
      };
      const amounts = amountsOf(input);
      expect(amounts).toHaveLength(n);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
      for (const amount of amounts) {
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('gives the same shares for the same expense on every call, for all four methods and random amounts', () => {
    const prng = createPrng(4_004);
    for (let round = 0; round < 500; round += 1) {
      const method = pick(prng, ['equal', 'weight', 'absolute', 'percent'] as const);
      const total = randomInt(prng, 1, 10_000_000);
      const input = {
        method,
        total: ore(total),
        participants: randomParticipants(prng, method, total, randomInt(prng, 1, 9)),
        seed: `d${round}`,
      };
      // A structural copy, as the server rebuilds the input from the wire: no shared references to lean on.
      const copy = JSON.parse(JSON.stringify(input)) as SplitInput;
      expect(amountsOf(copy)).toEqual(amountsOf(input));
    }
  });

  it('gives every share within one öre of its exact proportional value', () => {
    const prng = createPrng(7);
    for (let round = 0; round < 500; round += 1) {
      const method = pick(prng, ['equal', 'weight', 'percent'] as const);
      const total = randomInt(prng, 1, 1_000_000);
      const participants = randomParticipants(prng, method, total, randomInt(prng, 1, 9));
      const values = participants.map((p) => (method === 'equal' ? 1 : (p.value as number)));
      const denominator = method === 'percent' ? 10_000 : values.reduce((a, b) => a + b, 0);
      amountsOf({ method, total: ore(total), participants, seed: 'x' }).forEach((amount, i) => {
        const exact = (total * (values[i] as number)) / denominator;
        expect(Math.abs(amount - exact)).toBeLessThan(1);
      });
    }
  });

  it('returns the same amount per member whatever the order of the participants', () => {
    const prng = createPrng(99);
    for (let round = 0; round < 500; round += 1) {
      const method = pick(prng, ['equal', 'weight', 'absolute', 'percent'] as const);
      const total = randomInt(prng, 1, 100_000);
      const participants = randomParticipants(prng, method, total, randomInt(prng, 2, 10));
      const seed = `expense-${round}`;
      const first = byMember({ method, total: ore(total), participants, seed });
      const again = byMember({ method, total: ore(total), participants: shuffled(prng, participants), seed });
      expect(again).toEqual(first);
    }
  });

  it('keeps the output in the order of the participants', () => {
    const participants = [{ memberId: 'c' }, { memberId: 'a' }, { memberId: 'b' }];
    const result = splitExpense({ method: 'equal', total: ore(300), participants, seed: 's' });
    expect(result.ok && result.value.map((s) => s.memberId)).toEqual(['c', 'a', 'b']);
  });

  it('hands the leftover öre to a different member each time across expenses', () => {
    const participants = ids(3).map((memberId) => ({ memberId }));
    const winners = new Map<string, number>();
    for (let i = 0; i < 300; i += 1) {
      const amounts = byMember({ method: 'equal', total: ore(100), participants, seed: `expense-${i}` });
      const winner = [...amounts].find(([, amount]) => amount === 34);
      expect(winner).toBeDefined();
      winners.set(winner![0], (winners.get(winner![0]) ?? 0) + 1);
    }
    expect(winners.size).toBe(3);
    for (const count of winners.values()) expect(count).toBeGreaterThan(60);
  });

  it('splits 100 kr equally over three as 33,34 + 33,33 + 33,33', () => {
    const amounts = amountsOf({
      method: 'equal',
      total: ore(10_000),
      participants: ids(3).map((memberId) => ({ memberId })),
      seed: 'e1',
    });
    expect([...amounts].sort()).toEqual([3333, 3333, 3334]);
  });

  it('splits by weights where 1 is written as 100 and an empty weight counts as 1', () => {
    const participants = [{ memberId: 'a', value: 200 }, { memberId: 'b' }, { memberId: 'c', value: 100 }];
    expect(amountsOf({ method: 'weight', total: ore(40_000), participants, seed: 'w' })).toEqual([
      20_000, 10_000, 10_000,
    ]);
  });

  it('never gives leftover öre to a member with weight or percent zero', () => {
    const prng = createPrng(3);
    for (let round = 0; round < 300; round += 1) {
      const total = randomInt(prng, 1, 10_000);
      const participants = [
        { memberId: 'zero', value: 0 },
        { memberId: 'a', value: randomInt(prng, 1, 300) },
        { memberId: 'b', value: randomInt(prng, 1, 300) },
      ];
      expect(byMember({ method: 'weight', total: ore(total), participants, seed: `z${round}` }).get('zero')).toBe(0);
    }
    const percent = [
      { memberId: 'zero', value: 0 },
      { memberId: 'a', value: 3333 },
      { memberId: 'b', value: 6667 },
    ];
    expect(byMember({ method: 'percent', total: ore(1), participants: percent, seed: 'p' }).get('zero')).toBe(0);
  });

  it('takes percentages in basis points and refuses them unless they add up to exactly 100 %', () => {
    const good = [
      { memberId: 'a', value: 2500 },
      { memberId: 'b', value: 7500 },
    ];
    expect(amountsOf({ method: 'percent', total: ore(1_000), participants: good, seed: 'p' })).toEqual([250, 750]);
    const short = [
      { memberId: 'a', value: 3333 },
      { memberId: 'b', value: 3333 },
      { memberId: 'c', value: 3333 },
    ];
    expect(splitExpense({ method: 'percent', total: ore(1_000), participants: short, seed: 'p' })).toEqual({
      ok: false,
      code: 'SPLIT_MISMATCH',
    });
    const empty = [{ memberId: 'a' }, { memberId: 'b' }];
    expect(splitExpense({ method: 'percent', total: ore(1_000), participants: empty, seed: 'p' })).toEqual({
      ok: false,
      code: 'SPLIT_MISMATCH',
    });
  });

  it('refuses absolute amounts that miss the total by even one öre', () => {
    const participants = [
      { memberId: 'a', value: 500 },
      { memberId: 'b', value: 499 },
    ];
    expect(splitExpense({ method: 'absolute', total: ore(1_000), participants, seed: 's' })).toEqual({
      ok: false,
      code: 'SPLIT_MISMATCH',
    });
    const exact = [
      { memberId: 'a', value: 500 },
      { memberId: 'b', value: 500 },
    ];
    expect(amountsOf({ method: 'absolute', total: ore(1_000), participants: exact, seed: 's' })).toEqual([500, 500]);
  });

  it('answers NO_PARTICIPANTS for an empty list', () => {
    expect(splitExpense({ method: 'equal', total: ore(100), participants: [], seed: 's' })).toEqual({
      ok: false,
      code: 'NO_PARTICIPANTS',
    });
  });

  it('answers INVALID_SHARE for negative or fractional values, all-zero weights, duplicates and a total that is not positive', () => {
    const cases: SplitInput[] = [
      {
        method: 'weight',
        total: ore(100),
        participants: [{ memberId: 'a', value: -100 }, { memberId: 'b' }],
        seed: 's',
      },
      {
        method: 'weight',
        total: ore(100),
        participants: [
          { memberId: 'a', value: 0 },
          { memberId: 'b', value: 0 },
        ],
        seed: 's',
      },
      {
        method: 'absolute',
        total: ore(100),
        participants: [
          { memberId: 'a', value: 150 },
          { memberId: 'b', value: -50 },
        ],
        seed: 's',
      },
      {
        method: 'percent',
        total: ore(100),
        participants: [
          { memberId: 'a', value: 12_000 },
          { memberId: 'b', value: -2_000 },
        ],
        seed: 's',
      },
      { method: 'weight', total: ore(100), participants: [{ memberId: 'a', value: 1.5 }], seed: 's' },
      { method: 'equal', total: ore(100), participants: [{ memberId: 'a' }, { memberId: 'a' }], seed: 's' },
      { method: 'equal', total: ore(0), participants: [{ memberId: 'a' }], seed: 's' },
      { method: 'equal', total: ore(-100), participants: [{ memberId: 'a' }], seed: 's' },
    ];
    for (const input of cases) expect(splitExpense(input)).toEqual({ ok: false, code: 'INVALID_SHARE' });
  });
});

describe('computeShares', () => {
  it('shows per-person amounts and the red sum of a mismatched absolute split', () => {
    const preview = computeShares({
      method: 'absolute',
      total: ore(1_000),
      participants: [{ memberId: 'a', value: 300 }, { memberId: 'b' }],
      seed: 's',
    });
    expect(preview).toEqual({
      shares: [
        { memberId: 'a', amount: 300 },
        { memberId: 'b', amount: 0 },
      ],
      sum: 300,
      matches: false,
      problem: 'SPLIT_MISMATCH',
    });
  });

  it('shows what half of the percentages would come to while they do not reach 100 %', () => {
    const preview = computeShares({
      method: 'percent',
      total: ore(1_001),
      participants: [
        { memberId: 'a', value: 2_500 },
        { memberId: 'b', value: 2_500 },
      ],
      seed: 's',
    });
    expect(preview.sum).toBe(501);
    expect(preview.matches).toBe(false);
    expect(preview.problem).toBe('SPLIT_MISMATCH');
  });

  it('agrees with splitExpense whenever the split is valid', () => {
    const prng = createPrng(11);
    for (let round = 0; round < 200; round += 1) {
      const method = pick(prng, ['equal', 'weight', 'absolute', 'percent'] as const);
      const total = randomInt(prng, 1, 50_000);
      const input = {
        method,
        total: ore(total),
        participants: randomParticipants(prng, method, total, randomInt(prng, 1, 6)),
        seed: `${round}`,
      };
      const preview = computeShares(input);
      expect(preview.problem).toBeNull();
      expect(preview.matches).toBe(true);
      expect(splitExpense(input)).toEqual({ ok: true, value: preview.shares });
    }
  });
});

describe('apportion and tieBreakRank', () => {
  it('rounds a partial target half up when the denominator exceeds the weights', () => {
    expect(apportion({ total: 3, weights: [{ key: 'a', weight: 5_000 }], denominator: 10_000, seed: 's' })).toEqual([
      2,
    ]);
    expect(apportion({ total: 1, weights: [{ key: 'a', weight: 4_999 }], denominator: 10_000, seed: 's' })).toEqual([
      0,
    ]);
  });

  it('spreads the tie-break ranks so no member id wins most seeds', () => {
    const firsts = new Map<string, number>();
    for (let s = 0; s < 4_000; s += 1) {
      const best = ids(4).reduce((a, b) => (tieBreakRank(`${s}`, a) < tieBreakRank(`${s}`, b) ? a : b));
      firsts.set(best, (firsts.get(best) ?? 0) + 1);
    }
    for (const count of firsts.values()) expect(count).toBeGreaterThan(850);
  });
});
