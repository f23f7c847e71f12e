import { describe, expect, it } from 'vitest';
import { computeBalances, expenseInGroupCurrency } from './balances.ts';
import type { BalanceExpense, MemberBalance, MemberTotals } from './balances.ts';
import { RATE_ONE } from './currency.ts';
import { checkExpenseAmount } from './limit-checks.ts';
import {
  MAX_GROUPS_PER_USER,
  MAX_PARTICIPANTS,
  MAX_RATE_MICROS,
  MAX_EXPENSES_PER_GROUP,
  MAX_PAYMENTS_PER_GROUP,
  MAX_SPLIT_VALUE,
  MAX_TOTAL_ORE,
  MIN_RATE_MICROS,
} from './limits.ts';
import { ore } from './money.ts';
import { MAX_SETTLEABLE_ORE, settle } from './settlement.ts';
import type { Transfer } from './settlement.ts';
import { splitExpense } from './split.ts';
import type { SplitMethod } from './split.ts';
import { summariseSpending } from './statistics.ts';
import type { StatisticsTotals } from './statistics.ts';
import { createPrng, pick, randomInt, shuffled } from './testing/prng.ts';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** The most a group's expenses add up to in its currency: every expense at the largest converted total. */
const GROUP_MAX = MAX_EXPENSES_PER_GROUP * MAX_TOTAL_ORE;
const members = (n: number) => Array.from({ length: n }, (_, i) => `member-${String(i).padStart(3, '0')}`);
const exactSum = (values: Iterable<number>) => [...values].reduce((a, b) => a + BigInt(b), 0n);

/** The largest total in öre of its own currency that converts at `rateMicros` to at most MAX_TOTAL_ORE. */
const largestTotalAt = (rateMicros: number) =>
  Math.min(MAX_TOTAL_ORE, Number((BigInt(MAX_TOTAL_ORE) * BigInt(RATE_ONE)) / BigInt(rateMicros)));

/** A split of `total` by a random method with entries drawn at the edges of their limits. */
function extremeEntries(prng: () => number, method: SplitMethod, total: number, people: string[]) {
  if (method === 'equal') return people.map((memberId) => ({ memberId }));
  if (method === 'weight')
    return people.map((memberId) => ({ memberId, value: pick(prng, [1, MAX_SPLIT_VALUE, randomInt(prng, 1, 999)]) }));
  const whole = method === 'percent' ? 10_000 : total;
  const cuts = people.slice(1).map(() => pick(prng, [0, whole, randomInt(prng, 0, whole)]));
  const bounds = [0, ...cuts.sort((a, b) => a - b), whole];
  return people.map((memberId, i) => ({ memberId, value: (bounds[i + 1] ?? 0) - (bounds[i] ?? 0) }));
}

/** A valid expense whose converted total is at or near the largest allowed, at a rate drawn from the extremes. */
function expenseAtTheLimits(prng: () => number, group: string[], index: number): BalanceExpense {
  const rateMicros = pick(prng, [
    RATE_ONE,
    RATE_ONE,
    MIN_RATE_MICROS,
    MAX_RATE_MICROS,
    randomInt(prng, MIN_RATE_MICROS, MAX_RATE_MICROS),
  ]);
  const totalOre = largestTotalAt(rateMicros) - pick(prng, [0, 0, randomInt(prng, 0, 99)]);
  const people = shuffled(prng, group).slice(0, randomInt(prng, 1, 6));
  const method = pick(prng, ['equal', 'weight', 'absolute', 'percent'] as const);
  const id = `expense-${index}`;
  const split = splitExpense({
    method,
    total: ore(totalOre),
    participants: extremeEntries(prng, method, totalOre, people),
    seed: id,
  });
  if (!split.ok) throw new Error(`expense ${index} does not split: ${split.code}`);
  if (!checkExpenseAmount({ totalOre, rateMicros }).ok) throw new Error(`expense ${index} is past the limits`);
  const shares = split.value.map((s) => ({ memberId: s.memberId, shareOre: s.amount }));
  return { id, payers: [{ memberId: pick(prng, group), amountOre: totalOre }], totalOre, rateMicros, shares };
}

/** Balances are whole öre that sum to exactly zero, each within twice the group's sums; the plan settles them. */
function expectSettleable(balances: MemberBalance[]): Transfer[] {
  expect(exactSum(balances.map((b) => b.balance))).toBe(0n);
  const outside = balances.filter((b) => !Number.isSafeInteger(b.balance) || Math.abs(b.balance) > 2 * GROUP_MAX);
  expect(outside).toEqual([]);
  const plan = settle(balances);
  const left = new Map(balances.map((b) => [b.memberId, BigInt(b.balance)]));
  for (const t of plan) {
    expect(Number.isSafeInteger(t.amount)).toBe(true);
    left.set(t.from, (left.get(t.from) ?? 0n) + BigInt(t.amount));
    left.set(t.to, (left.get(t.to) ?? 0n) - BigInt(t.amount));
  }
  expect([...left.values()].filter((b) => b !== 0n)).toEqual([]);
  return plan;
}

describe('the limits on amounts, rates and counts', () => {
  it('keep the worst case of every derived figure below 2^53, with room to spare', () => {
    const group = BigInt(MAX_EXPENSES_PER_GROUP) * BigInt(MAX_TOTAL_ORE);
    // A member's balance: what they paid less what they owe, plus payments made net of received (each ≤ the group).
    expect(2n * group).toBeLessThanOrEqual(BigInt(MAX_SETTLEABLE_ORE));
    expect(3n * group).toBeLessThanOrEqual(SAFE);
    // Statistics add spent, and paid, over every group a person may be active in (their sum is compared exactly).
    expect(BigInt(MAX_GROUPS_PER_USER) * group).toBeLessThanOrEqual(SAFE);
    // The weights of one split, summed before apportioning.
    expect(BigInt(MAX_PARTICIPANTS) * BigInt(MAX_SPLIT_VALUE)).toBeLessThanOrEqual(SAFE);
    expect(BigInt(GROUP_MAX)).toBe(group);
  });

  it('keep balances settleable when payments of any amount are recorded up to the payment limit (decision 059)', () => {
    const group = BigInt(MAX_EXPENSES_PER_GROUP) * BigInt(MAX_TOTAL_ORE);
    // Recorded payments add at most their count × the largest amount to a member's net payments; marked transfers
    // keep mixing it with the expenses' part. A balance is then at most 3 × the group, its running sum 4 ×.
    const recorded = BigInt(MAX_PAYMENTS_PER_GROUP) * BigInt(MAX_TOTAL_ORE);
    expect(recorded).toBeLessThanOrEqual(group);
    expect(3n * group).toBeLessThanOrEqual(BigInt(MAX_SETTLEABLE_ORE));
    expect(4n * group).toBeLessThanOrEqual(SAFE);
  });

  it('accept an expense exactly when its total, its rate and its converted total are within the limits', () => {
    const prng = createPrng(36_036);
    const totals = [-1, 0, 1, 2, 99, MAX_TOTAL_ORE - 1, MAX_TOTAL_ORE, MAX_TOTAL_ORE + 1, 1e11, 1.5];
    const rates = [
      0,
      MIN_RATE_MICROS - 1,
      MIN_RATE_MICROS,
      RATE_ONE,
      11_482_300,
      MAX_RATE_MICROS,
      MAX_RATE_MICROS + 1,
      1e11,
    ];
    for (let round = 0; round < 5_000; round += 1) {
      const totalOre = round % 2 ? pick(prng, totals) : randomInt(prng, 1, MAX_TOTAL_ORE);
      const rateMicros = round % 3 ? pick(prng, rates) : randomInt(prng, MIN_RATE_MICROS, MAX_RATE_MICROS);
      const result = checkExpenseAmount({ totalOre, rateMicros });
      const validTotal = Number.isInteger(totalOre) && totalOre >= 1;
      const validRate = rateMicros >= MIN_RATE_MICROS && rateMicros <= MAX_RATE_MICROS;
      const converted = validTotal
        ? (2n * BigInt(totalOre) * BigInt(rateMicros) + BigInt(RATE_ONE)) / BigInt(2 * RATE_ONE)
        : 0n;
      const fits = converted >= 1n && converted <= BigInt(MAX_TOTAL_ORE);
      expect(result.ok).toBe(validTotal && totalOre <= MAX_TOTAL_ORE && validRate && fits);
      if (result.ok) expect(BigInt(result.value)).toBe(converted);
    }
  });

  it('refuse 1e11 öre at a rate of 1e11 micros, which once broke a group for everyone', () => {
    expect(checkExpenseAmount({ totalOre: 1e11, rateMicros: 1e11 })).toEqual({ ok: false, code: 'amountTooLarge' });
    expect(checkExpenseAmount({ totalOre: 100, rateMicros: 1e11 })).toEqual({ ok: false, code: 'rateOutOfRange' });
    expect(checkExpenseAmount({ totalOre: MAX_TOTAL_ORE, rateMicros: 1_000_001 })).toEqual({
      ok: false,
      code: 'convertedOutOfRange',
    });
    expect(checkExpenseAmount({ totalOre: 1, rateMicros: MIN_RATE_MICROS })).toEqual({
      ok: false,
      code: 'convertedOutOfRange',
    });
  });

  it('balance a full group of 100 000 expenses at the largest totals to exactly zero, every figure safe', () => {
    const prng = createPrng(100_000);
    const group = members(40);
    const expenses = Array.from({ length: MAX_EXPENSES_PER_GROUP }, (_, i) => expenseAtTheLimits(prng, group, i));
    let cardTotal = 0;
    const unbalanced: string[] = [];
    for (const expense of expenses) {
      const converted = expenseInGroupCurrency(expense);
      if (exactSum(converted.shares.map((s) => s.amountOre)) !== BigInt(converted.totalOre))
        unbalanced.push(expense.id);
      cardTotal += converted.totalOre;
    }
    expect(unbalanced).toEqual([]);
    expect(Number.isSafeInteger(cardTotal) && cardTotal <= GROUP_MAX).toBe(true);
    expectSettleable(computeBalances({ memberIds: group, expenses }));
  }, 60_000);

  it('keep the balances of one payer and one debtor of a full group at exactly plus and minus its sums', () => {
    const totals: MemberTotals[] = [
      { memberId: 'payer', paidOre: GROUP_MAX, shareOre: 0 },
      { memberId: 'debtor', paidOre: 0, shareOre: GROUP_MAX },
    ];
    const balances = computeBalances({ memberIds: ['payer', 'debtor'], totals });
    expect(balances.map((b) => b.balance)).toEqual([GROUP_MAX, -GROUP_MAX]);
    expectSettleable(balances);
  });

  it('settle a thousand members each owing or owed twice a full group, together far past 2^53', () => {
    const balances = members(1_000).map((memberId, i) => ({
      memberId,
      balance: ore(i % 2 ? 2 * GROUP_MAX : -2 * GROUP_MAX),
    }));
    expect(exactSum(balances.map((b) => Math.abs(b.balance)))).toBeGreaterThan(SAFE);
    expect(expectSettleable(balances)).toHaveLength(500);
  });

  it('keep every balance within twice the group sums however expenses change between partly paid plans', () => {
    const prng = createPrng(2_026);
    const group = members(60);
    const paidNet = new Map(group.map((id) => [id, 0]));
    let largestNet = 0;
    for (let round = 0; round < 300; round += 1) {
      // What the expenses come to now: any spread of up to the group's sums over payers and debtors.
      const whole = pick(prng, [GROUP_MAX, randomInt(prng, 0, GROUP_MAX)]);
      const expenseTotals = spread(prng, group, whole, 'paidOre').concat(spread(prng, group, whole, 'shareOre'));
      const payments = [...paidNet].map(([memberId, net]) => ({ memberId, paidOre: net, shareOre: 0 }));
      const balances = computeBalances({ memberIds: group, totals: [...expenseTotals, ...payments] });
      // Some of the proposed transfers are marked paid, as the group's members would, one at a time.
      for (const t of expectSettleable(balances).filter(() => prng() < 0.5)) {
        paidNet.set(t.from, (paidNet.get(t.from) ?? 0) + t.amount);
        paidNet.set(t.to, (paidNet.get(t.to) ?? 0) - t.amount);
      }
      for (const net of paidNet.values()) largestNet = Math.max(largestNet, Math.abs(net));
    }
    expect(largestNet).toBeLessThanOrEqual(GROUP_MAX);
  }, 60_000);

  it('keep the statistics of a person in the most groups allowed, each full at the largest totals, exact', () => {
    const prng = createPrng(500);
    const totals: StatisticsTotals[] = Array.from({ length: MAX_GROUPS_PER_USER }, (_, g) => ({
      groupId: `group-${g}`,
      groupName: `Grupp ${g}`,
      groupCurrency: pick(prng, ['SEK', 'SEK', 'EUR'] as const),
      month: `20${randomInt(prng, 10, 40)}-${String(randomInt(prng, 1, 12)).padStart(2, '0')}`,
      category: pick(prng, ['mat', 'logi', 'Mat ']),
      spentOre: GROUP_MAX,
      paidOre: GROUP_MAX,
      expenseCount: MAX_EXPENSES_PER_GROUP,
    }));
    const blocks = summariseSpending([], totals);
    expect(exactSum(blocks.map((b) => b.spentOre))).toBe(BigInt(MAX_GROUPS_PER_USER) * BigInt(GROUP_MAX));
    expect(exactSum(blocks.map((b) => b.expenseCount))).toBe(BigInt(MAX_GROUPS_PER_USER * MAX_EXPENSES_PER_GROUP));
    for (const block of blocks) {
      for (const list of [[block], block.months, block.categories, block.groups]) {
        for (const f of list) expect(Number.isSafeInteger(f.spentOre) && Number.isSafeInteger(f.paidOre)).toBe(true);
      }
      for (const list of [block.months, block.categories, block.groups]) {
        expect(exactSum(list.map((x) => x.spentOre))).toBe(BigInt(block.spentOre));
        expect(exactSum(list.map((x) => x.paidOre))).toBe(BigInt(block.paidOre));
      }
    }
  });
});

/** `whole` öre spread at random over some of the members, as one column of the database's per-member sums. */
function spread(prng: () => number, group: string[], whole: number, column: 'paidOre' | 'shareOre'): MemberTotals[] {
  const people = shuffled(prng, group).slice(0, randomInt(prng, 1, group.length));
  const cuts = people.slice(1).map(() => randomInt(prng, 0, whole));
  const bounds = [0, ...cuts.sort((a, b) => a - b), whole];
  return people.map((memberId, i) => ({
    memberId,
    paidOre: 0,
    shareOre: 0,
    [column]: (bounds[i + 1] ?? 0) - (bounds[i] ?? 0),
  }));
}
