import { describe, expect, it } from 'vitest';
import {
  allSettled,
  computeBalances,
  expenseInGroupCurrency,
  unconvertedTotals,
  withGroupAmounts,
} from './balances.ts';
import type { BalancePayment, BalanceExpense, MemberTotals } from './balances.ts';
import { RATE_ONE } from './currency.ts';
import { settle } from './settlement.ts';
import { apportion } from './split.ts';
import { createPrng, pick, randomInt, shuffled } from './testing/prng.ts';

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
const byMember = (balances: Array<{ memberId: string; balance: number }>) =>
  Object.fromEntries(balances.map((b) => [b.memberId, b.balance]));

/** One to three payers whose amounts add up to the total, most often one. */
function randomPayers(prng: () => number, members: string[], totalOre: number, index: number) {
  const count = Math.min(totalOre, pick(prng, [1, 1, 2, 3]));
  const payers = shuffled(prng, members).slice(0, count);
  const weights = payers.map((key) => ({ key, weight: randomInt(prng, 1, 100) }));
  const amounts = apportion({ total: totalOre, weights, seed: `paid-${index}` });
  // A payer of 0 öre is not a payer: largest remainder may hand one nothing when the total is tiny.
  return payers.map((memberId, i) => ({ memberId, amountOre: amounts[i] ?? 0 })).filter((p) => p.amountOre > 0);
}

function randomExpense(prng: () => number, members: string[], index: number, foreign: boolean): BalanceExpense {
  const participants = shuffled(prng, members).slice(0, randomInt(prng, 1, members.length));
  const totalOre = randomInt(prng, 1, 2_000_000);
  const weights = participants.map((key) => ({ key, weight: randomInt(prng, 1, 500) }));
  const amounts = apportion({ total: totalOre, weights, seed: `split-${index}` });
  return {
    id: `expense-${index}`,
    payers: randomPayers(prng, members, totalOre, index),
    totalOre,
    rateMicros: foreign ? randomInt(prng, 80_000, 14_000_000) : RATE_ONE,
    shares: participants.map((memberId, i) => ({ memberId, shareOre: amounts[i] ?? 0 })),
  };
}

function randomPayments(prng: () => number, members: string[], count: number): BalancePayment[] {
  return Array.from({ length: count }, () => {
    const [fromMemberId = '', toMemberId = ''] = shuffled(prng, members);
    return { fromMemberId, toMemberId, amountOre: randomInt(prng, 1, 300_000) };
  });
}

describe('balances', () => {
  it('credits the payer with the total and debits each participant with their share', () => {
    const expense: BalanceExpense = {
      id: 'r1',
      payers: [{ memberId: 'anna', amountOre: 30_000 }],
      totalOre: 30_000,
      rateMicros: RATE_ONE,
      shares: ['anna', 'bo', 'cia'].map((memberId) => ({ memberId, shareOre: 10_000 })),
    };
    const balances = computeBalances({ memberIds: ['anna', 'bo', 'cia', 'dan'], expenses: [expense] });
    expect(byMember(balances)).toEqual({ anna: 20_000, bo: -10_000, cia: -10_000, dan: 0 });
  });

  it('moves a paid transfer back from the recipient to the payer', () => {
    const balances = computeBalances({
      memberIds: ['anna', 'bo'],
      totals: [
        { memberId: 'anna', paidOre: 10_000, shareOre: 5_000 },
        { memberId: 'bo', paidOre: 0, shareOre: 5_000 },
      ],
      payments: [{ fromMemberId: 'bo', toMemberId: 'anna', amountOre: 5_000 }],
    });
    expect(byMember(balances)).toEqual({ anna: 0, bo: 0 });
    expect(allSettled(balances)).toBe(true);
  });

  it('converts a foreign expense at its stored rate, its shares still summing to the converted total', () => {
    const expense: BalanceExpense = {
      id: 'eur',
      payers: [{ memberId: 'anna', amountOre: 1_000 }],
      totalOre: 1_000,
      rateMicros: 11_482_300,
      shares: ['anna', 'bo', 'cia'].map((memberId, i) => ({ memberId, shareOre: i === 0 ? 334 : 333 })),
    };
    const converted = expenseInGroupCurrency(expense);
    expect(converted.totalOre).toBe(11_482);
    expect(sum(converted.shares.map((s) => s.amountOre))).toBe(11_482);
    const balances = computeBalances({ memberIds: ['anna', 'bo', 'cia'], expenses: [expense] });
    expect(sum(balances.map((b) => b.balance))).toBe(0);
    expect(byMember(balances).anna).toBe(11_482 - (converted.shares[0]?.amountOre ?? 0));
  });

  it('credits each of several payers with what they paid', () => {
    const expense: BalanceExpense = {
      id: 'dinner',
      payers: [
        { memberId: 'anna', amountOre: 30_000 },
        { memberId: 'bo', amountOre: 20_000 },
      ],
      totalOre: 50_000,
      rateMicros: RATE_ONE,
      shares: ['anna', 'bo', 'cia', 'dan'].map((memberId) => ({ memberId, shareOre: 12_500 })),
    };
    const balances = computeBalances({ memberIds: ['anna', 'bo', 'cia', 'dan'], expenses: [expense] });
    expect(byMember(balances)).toEqual({ anna: 17_500, bo: 7_500, cia: -12_500, dan: -12_500 });
  });

  it('converts every payer of a foreign expense so that payers and shares each add up to the converted total', () => {
    for (let seed = 1; seed <= 500; seed += 1) {
      const prng = createPrng(9000 + seed);
      const members = Array.from({ length: randomInt(prng, 2, 9) }, (_, i) => `m${i}`);
      const expense = randomExpense(prng, members, seed, true);
      expect(sum(expense.payers.map((p) => p.amountOre)), `seed ${seed}`).toBe(expense.totalOre);
      expect(sum(expense.shares.map((s) => s.shareOre)), `seed ${seed}`).toBe(expense.totalOre);
      const converted = expenseInGroupCurrency(expense);
      expect(sum(converted.payers.map((p) => p.amountOre)), `seed ${seed}`).toBe(converted.totalOre);
      expect(sum(converted.shares.map((s) => s.amountOre)), `seed ${seed}`).toBe(converted.totalOre);
      // Each converted amount is its own amount converted, give or take the one öre largest remainder hands out.
      for (const [i, payer] of converted.payers.entries()) {
        const exact = ((expense.payers[i]?.amountOre ?? 0) * expense.rateMicros) / RATE_ONE;
        expect(Math.abs(payer.amountOre - exact), `seed ${seed}`).toBeLessThan(1.5);
      }
    }
  });

  it('sums to exactly zero öre for random expenses in mixed currencies and random payments', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const prng = createPrng(seed);
      const members = Array.from({ length: randomInt(prng, 2, 12) }, (_, i) => `m${i}`);
      const expenses = Array.from({ length: randomInt(prng, 0, 40) }, (_, i) =>
        randomExpense(prng, members, i, prng() < 0.3),
      );
      const balances = computeBalances({
        memberIds: members,
        expenses,
        payments: randomPayments(prng, members, randomInt(prng, 0, 5)),
      });
      expect(sum(balances.map((b) => b.balance)), `seed ${seed}`).toBe(0);
      expect(balances.map((b) => b.memberId)).toEqual(members);
    }
  });

  it('gives the same balances when the expenses that need no conversion arrive pre-summed per member', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const prng = createPrng(1000 + seed);
      const members = Array.from({ length: randomInt(prng, 2, 8) }, (_, i) => `m${i}`);
      const expenses = Array.from({ length: randomInt(prng, 1, 30) }, (_, i) =>
        randomExpense(prng, members, i, prng() < 0.4),
      );
      const local = expenses.filter((r) => r.rateMicros === RATE_ONE);
      const totals: MemberTotals[] = members.map((memberId) => ({
        memberId,
        paidOre: sum(local.flatMap((r) => r.payers.filter((p) => p.memberId === memberId).map((p) => p.amountOre))),
        shareOre: sum(local.flatMap((r) => r.shares.filter((s) => s.memberId === memberId).map((s) => s.shareOre))),
      }));
      const whole = computeBalances({ memberIds: members, expenses });
      const split = computeBalances({
        memberIds: members,
        expenses: expenses.filter((r) => r.rateMicros !== RATE_ONE),
        totals,
      });
      expect(split, `seed ${seed}`).toEqual(whole);
    }
  });

  it('does not depend on the order of expenses and payments', () => {
    const prng = createPrng(77);
    const members = ['a', 'b', 'c', 'd', 'e'];
    const expenses = Array.from({ length: 25 }, (_, i) => randomExpense(prng, members, i, i % 3 === 0));
    const payments = randomPayments(prng, members, 6);
    const first = computeBalances({ memberIds: members, expenses, payments });
    const second = computeBalances({
      memberIds: members,
      expenses: shuffled(prng, expenses),
      payments: shuffled(prng, payments),
    });
    expect(second).toEqual(first);
  });

  it('reaches all zero once every transfer of the proposed plan is recorded as paid', () => {
    for (let seed = 1; seed <= 100; seed += 1) {
      const prng = createPrng(5000 + seed);
      const members = Array.from({ length: randomInt(prng, 2, 10) }, (_, i) => `m${i}`);
      const expenses = Array.from({ length: randomInt(prng, 1, 20) }, (_, i) =>
        randomExpense(prng, members, i, prng() < 0.3),
      );
      const before = computeBalances({ memberIds: members, expenses });
      const payments = settle(before).map((t) => ({ fromMemberId: t.from, toMemberId: t.to, amountOre: t.amount }));
      const after = computeBalances({ memberIds: members, expenses, payments });
      expect(allSettled(after), `seed ${seed}`).toBe(true);
    }
  });

  it('lists members that appear only in expenses after the known members, in id order', () => {
    const expense: BalanceExpense = {
      id: 'r',
      payers: [{ memberId: 'zed', amountOre: 200 }],
      totalOre: 200,
      rateMicros: RATE_ONE,
      shares: [
        { memberId: 'anna', shareOre: 100 },
        { memberId: 'bea', shareOre: 100 },
      ],
    };
    const balances = computeBalances({ memberIds: ['anna'], expenses: [expense] });
    expect(balances).toEqual([
      { memberId: 'anna', balance: -100 },
      { memberId: 'bea', balance: -100 },
      { memberId: 'zed', balance: 200 },
    ]);
  });

  it('stores with each row the amount balances convert it to, so sums of stored rows give the same balances', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const prng = createPrng(7000 + seed);
      const members = Array.from({ length: randomInt(prng, 2, 9) }, (_, i) => `m${i}`);
      const expenses = Array.from({ length: randomInt(prng, 1, 12) }, (_, i) =>
        randomExpense(prng, members, i, prng() < 0.6),
      );
      const totals: MemberTotals[] = expenses.flatMap((expense) => {
        const rows = withGroupAmounts(expense);
        const converted = expenseInGroupCurrency(expense);
        expect(sum(rows.payers.map((p) => p.groupAmountOre)), `seed ${seed}`).toBe(converted.totalOre);
        expect(sum(rows.shares.map((s) => s.groupShareOre)), `seed ${seed}`).toBe(converted.totalOre);
        return [
          ...rows.payers.map((p) => ({ memberId: p.memberId, paidOre: p.groupAmountOre, shareOre: 0 })),
          ...rows.shares.map((s) => ({ memberId: s.memberId, paidOre: 0, shareOre: s.groupShareOre })),
        ];
      });
      const fromRows = computeBalances({ memberIds: members, totals });
      expect(fromRows, `seed ${seed}`).toEqual(computeBalances({ memberIds: members, expenses }));
      expect(sum(fromRows.map((b) => b.balance)), `seed ${seed}`).toBe(0);
    }
  });

  it('converts only the rows without a stored amount, which with the stored ones give the whole expense', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const prng = createPrng(8000 + seed);
      const members = Array.from({ length: randomInt(prng, 2, 9) }, (_, i) => `m${i}`);
      const expense = randomExpense(prng, members, seed, true);
      const rows = withGroupAmounts(expense);
      const partly = {
        ...expense,
        payers: rows.payers.map((p) => ({ ...p, groupAmountOre: prng() < 0.5 ? null : p.groupAmountOre })),
        shares: rows.shares.map((s) => ({ ...s, groupShareOre: prng() < 0.5 ? null : s.groupShareOre })),
      };
      const stored: MemberTotals[] = [
        ...partly.payers.map((p) => ({ memberId: p.memberId, paidOre: p.groupAmountOre ?? 0, shareOre: 0 })),
        ...partly.shares.map((s) => ({ memberId: s.memberId, paidOre: 0, shareOre: s.groupShareOre ?? 0 })),
      ];
      const balances = computeBalances({ memberIds: members, totals: [...stored, ...unconvertedTotals(partly)] });
      expect(balances, `seed ${seed}`).toEqual(computeBalances({ memberIds: members, expenses: [expense] }));
    }
  });
});
