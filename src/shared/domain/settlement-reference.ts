// Test and benchmark support for the settlement solver: a brute-force reference that shares no code with it,
// and seeded instance generators. Product code never imports this file.
import type { MemberBalance, Transfer } from './settlement-core.ts';
import { randomInt, shuffled } from './testing/prng.ts';

/**
 * Fewest transfers by exhaustive search in öre-free counting: n minus the most disjoint zero-sum groups,
 * found by trying every zero-sum group for the first member. Exponential; meant for up to ~12 members.
 */
export function bruteForceMinTransfers(balances: ReadonlyArray<number>): number {
  const values = balances.filter((b) => b !== 0);
  return values.length - mostGroups(values);
}

/**
 * The most disjoint zero-sum groups among the values (a count; they need not cover every value): the first
 * value is either left out or in one of the zero-sum groups that contain it, all of which are tried.
 */
export function mostGroups(values: ReadonlyArray<number>): number {
  if (values.length === 0) return 0;
  const [head, ...tail] = values as [number, ...number[]];
  let best = mostGroups(tail);
  for (let pick = 0; pick < 1 << tail.length; pick += 1) {
    let sum = head;
    const rest: number[] = [];
    tail.forEach((v, i) => {
      if (pick & (1 << i)) sum += v;
      else rest.push(v);
    });
    if (sum === 0) best = Math.max(best, 1 + mostGroups(rest));
  }
  return best;
}

/** Balances after the given transfers are paid: the payer's debt shrinks and the recipient's claim shrinks. */
export function applyTransfers(
  balances: ReadonlyArray<MemberBalance>,
  transfers: ReadonlyArray<Transfer>,
): MemberBalance[] {
  const next = new Map(balances.map((m) => [m.memberId, m.balance]));
  for (const t of transfers) {
    next.set(t.from, (next.get(t.from) ?? 0) + t.amount);
    next.set(t.to, (next.get(t.to) ?? 0) - t.amount);
  }
  return balances.map((m) => ({ memberId: m.memberId, balance: next.get(m.memberId) ?? 0 }));
}

export type InstanceShape = 'random' | 'kronor' | 'planted' | 'tiny' | 'ones' | 'halves' | 'distinct';

export const INSTANCE_SHAPES: readonly InstanceShape[] = [
  'random',
  'kronor',
  'planted',
  'tiny',
  'ones',
  'halves',
  'distinct',
];

/**
 * A seeded instance of exactly `n` (≥ 2) non-zero balances in öre that sum to zero, ids in shuffled order.
 * random: any öre up to ±5 000 kr; kronor: whole kronor up to ±2 000 kr; planted: zero-sum subgroups of 2–5
 * members; tiny: ±1..±4 kr, so thousands of subsets sum to zero; ones: only ±1 kr; halves: half owe, half are
 * owed; distinct: ±2^i öre (n ≤ 40), where no proper subset sums to zero.
 */
export function generateBalances(prng: () => number, n: number, shape: InstanceShape): MemberBalance[] {
  const values = valuesOf(prng, n, shape);
  const ids = shuffled(
    prng,
    values.map((_, i) => `m${String(i).padStart(3, '0')}`),
  );
  return values.map((balance, i) => ({ memberId: ids[i] as string, balance }));
}

function valuesOf(prng: () => number, n: number, shape: InstanceShape): number[] {
  switch (shape) {
    case 'random':
      return zeroSumValues(prng, n, 500_000, 1);
    case 'kronor':
      return zeroSumValues(prng, n, 2_000, 100);
    case 'tiny':
      return zeroSumValues(prng, n, 4, 100);
    case 'ones':
      return zeroSumValues(prng, n, 1, 100);
    case 'planted':
      return plantedValues(prng, n);
    case 'halves':
      return halvesValues(prng, n);
    case 'distinct': {
      if (n > 40) throw new RangeError('distinct instances need n ≤ 40');
      const values = Array.from({ length: n - 1 }, (_, i) => (prng() < 0.5 ? 1 : -1) * 2 ** i);
      return [...values, -values.reduce((a, b) => a + b, 0)];
    }
  }
}

/** `n` non-zero multiples of `unit` in ±[1, max] units (the last one free) that sum to zero. */
function zeroSumValues(prng: () => number, n: number, max: number, unit: number): number[] {
  for (;;) {
    const values = Array.from({ length: n - 1 }, () => (prng() < 0.5 ? 1 : -1) * randomInt(prng, 1, max) * unit);
    const last = -values.reduce((a, b) => a + b, 0);
    if (last !== 0) return [...values, last];
  }
}

function plantedValues(prng: () => number, n: number): number[] {
  const values: number[] = [];
  while (values.length < n) {
    const left = n - values.length;
    const size = left <= 5 ? left : Math.min(randomInt(prng, 2, 5), left - 2);
    values.push(...zeroSumValues(prng, size, 300, 100));
  }
  return values;
}

function halvesValues(prng: () => number, n: number): number[] {
  const owed = Array.from({ length: n >> 1 }, () => randomInt(prng, 2, 2_000) * 100);
  const total = owed.reduce((a, b) => a + b, 0);
  const parts = n - owed.length;
  // Distinct cut points in whole kronor split the total debt into `parts` non-zero debts.
  const cuts = new Set<number>();
  while (cuts.size < parts - 1) cuts.add(randomInt(prng, 1, total / 100 - 1) * 100);
  const bounds = [0, ...[...cuts].sort((a, b) => a - b), total];
  return [...owed, ...bounds.slice(1).map((b, i) => -(b - (bounds[i] as number)))];
}
