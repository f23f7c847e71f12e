import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currency.ts';
import { ore } from './money.ts';
import { splitExpense } from './split.ts';
import { summariseSpending } from './statistics.ts';
import type { StatisticsExpense } from './statistics.ts';
import { createPrng, pick, randomInt } from './testing/prng.ts';

const me = 'member-me';
const expense = (over: Partial<StatisticsExpense> = {}): StatisticsExpense => ({
  id: `r-${Math.random()}`,
  groupId: 'g1',
  groupName: 'Fjällresan',
  groupCurrency: 'SEK',
  userMemberId: me,
  expenseDate: '2026-03-14',
  category: 'mat',
  totalOre: 30_000,
  rateMicros: 1_000_000,
  shares: [
    { memberId: me, shareOre: 10_000 },
    { memberId: 'other', shareOre: 20_000 },
  ],
  ...over,
  // Paid in full by the user unless told otherwise, whatever the total.
  payers: over.payers ?? [{ memberId: me, amountOre: over.totalOre ?? 30_000 }],
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('summariseSpending', () => {
  it("counts the user's share as spent and the whole total as paid only when the user paid", () => {
    const [sek] = summariseSpending([
      expense(),
      expense({
        payers: [{ memberId: 'other', amountOre: 9_000 }],
        totalOre: 9_000,
        shares: [
          { memberId: me, shareOre: 4_500 },
          { memberId: 'other', shareOre: 4_500 },
        ],
      }),
    ]);
    expect(sek).toMatchObject({ currency: 'SEK', spentOre: 14_500, paidOre: 30_000, expenseCount: 2 });
  });

  it('counts as paid only what the user paid of an expense several people paid, converted like the balances', () => {
    const shared = { memberId: 'other', amountOre: 12_345 };
    const [sek] = summariseSpending([
      expense({ payers: [{ memberId: me, amountOre: 17_655 }, shared] }),
      expense({
        totalOre: 1_001,
        rateMicros: 11_482_300,
        payers: [
          { memberId: 'other', amountOre: 500 },
          { memberId: me, amountOre: 501 },
        ],
        shares: [{ memberId: 'other', shareOre: 1_001 }],
      }),
    ]);
    // 1 001 EUR öre at 11,4823 is 11 494 kr öre, of which 501/1 001 is 5 752,7…: the larger remainder rounds up.
    expect(sek).toMatchObject({ spentOre: 10_000, paidOre: 17_655 + 5_753, expenseCount: 2 });
  });

  it('has nothing to show for a user without expenses, and ignores expenses the user neither paid nor shared', () => {
    expect(summariseSpending([])).toEqual([]);
    expect(
      summariseSpending([
        expense({
          payers: [{ memberId: 'other', amountOre: 30_000 }],
          shares: [{ memberId: 'other', shareOre: 30_000 }],
        }),
      ]),
    ).toEqual([]);
  });

  it('never adds amounts of different group currencies together', () => {
    const result = summariseSpending([
      expense(),
      expense({
        groupId: 'g2',
        groupName: 'Berlin',
        groupCurrency: 'EUR',
        totalOre: 5_000,
        shares: [{ memberId: me, shareOre: 5_000 }],
      }),
    ]);
    expect(result.map((r) => [r.currency, r.spentOre, r.paidOre])).toEqual([
      ['SEK', 10_000, 30_000],
      ['EUR', 5_000, 5_000],
    ]);
  });

  it('converts an expense in another currency at its stored rate, as the balances do', () => {
    // 100,00 EUR at 11,482300 SEK/EUR, shared 1/3 to the user.
    const [sek] = summariseSpending([
      expense({
        id: 'fixed',
        totalOre: 10_000,
        rateMicros: 11_482_300,
        shares: [
          { memberId: me, shareOre: 3_333 },
          { memberId: 'other', shareOre: 6_667 },
        ],
      }),
    ]);
    expect(sek?.paidOre).toBe(114_823);
    expect(sek?.spentOre).toBeGreaterThanOrEqual(38_270);
    expect(sek?.spentOre).toBeLessThanOrEqual(38_271);
  });

  it('lists every month from the first to the last, quiet months as zero', () => {
    const [sek] = summariseSpending([expense({ expenseDate: '2025-11-30' }), expense({ expenseDate: '2026-02-01' })]);
    expect(sek?.months.map((m) => [m.month, m.spentOre])).toEqual([
      ['2025-11', 10_000],
      ['2025-12', 0],
      ['2026-01', 0],
      ['2026-02', 10_000],
    ]);
  });

  it('merges categories typed in different case and orders categories and groups by size', () => {
    const [sek] = summariseSpending([
      expense({ category: 'Mat ' }),
      expense({ category: 'mat' }),
      expense({
        category: 'nöje',
        groupId: 'g2',
        groupName: 'Middag',
        totalOre: 1_000,
        shares: [{ memberId: me, shareOre: 1_000 }],
      }),
    ]);
    expect(sek?.categories.map((c) => c.category)).toEqual(['mat', 'nöje']);
    expect(sek?.groups.map((g) => g.name)).toEqual(['Fjällresan', 'Middag']);
  });

  it('makes months, categories and groups each add up exactly to the totals, for random expenses in random currencies', () => {
    const prng = createPrng(20_261_122);
    for (let round = 0; round < 200; round += 1) {
      const expenses = Array.from({ length: randomInt(prng, 1, 30) }, (_, i) => {
        const totalOre = randomInt(prng, 1, 500_000);
        const members = [me, 'a', 'b'].slice(0, randomInt(prng, 1, 3));
        const split = splitExpense({
          method: 'equal',
          total: ore(totalOre),
          participants: members.map((memberId) => ({ memberId })),
          seed: `s${i}`,
        });
        if (!split.ok) throw new Error('split failed');
        return expense({
          id: `r${round}-${i}`,
          groupId: pick(prng, ['g1', 'g2', 'g3']),
          groupCurrency: pick(prng, CURRENCIES),
          payers: [{ memberId: pick(prng, [me, 'a']), amountOre: totalOre }],
          expenseDate: `202${randomInt(prng, 4, 6)}-${String(randomInt(prng, 1, 12)).padStart(2, '0')}-10`,
          category: pick(prng, ['mat', 'logi', 'transport']),
          totalOre,
          rateMicros: pick(prng, [1_000_000, 11_482_300, 93_100]),
          shares: split.value.map((s) => ({ memberId: s.memberId, shareOre: s.amount })),
        });
      });
      for (const block of summariseSpending(expenses)) {
        for (const list of [block.months, block.categories, block.groups]) {
          expect(sum(list.map((x) => x.spentOre))).toBe(block.spentOre);
          expect(sum(list.map((x) => x.paidOre))).toBe(block.paidOre);
        }
      }
    }
  });
});
