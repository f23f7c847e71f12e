import { describe, expect, it } from 'vitest';
import type { ExpenseDetail } from '#shared/api/expenses.ts';
import { expenseSplitInput } from '#shared/api/expenses.ts';
import { computeShares } from '#shared/domain/split.ts';
import { splitInputOf, toExpenseBody } from './expense-body.ts';
import { newExpenseValues, valuesFromExpense } from './expense-form.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { linesOf, rowsFromReading } from './item-lines.ts';

const members = ['a', 'b', 'c'];
const perLine = (overrides: Partial<ExpenseFormValues>): ExpenseFormValues => ({
  ...newExpenseValues({ currency: 'SEK', today: '2026-11-20', myMemberId: 'a', memberIds: members }),
  amount: '161',
  method: 'items',
  items: [
    { text: 'Vin', amount: '100', memberIds: ['a'] },
    { text: 'Ost', amount: '60', memberIds: ['a', 'b'] },
  ],
  ...overrides,
});

describe('the form split per line', () => {
  it('fills lines from a reading with their discounts and deposit in the amount, taken by nobody yet', () => {
    const rows = rowsFromReading([
      {
        description: 'Ramlösa 50cl',
        amountOre: 1_200,
        priceOre: 1_000,
        discounts: [],
        depositOre: 200,
      },
      { description: 'Mjölk', amountOre: 1_590, discounts: [{ description: 'Rabatt', amountOre: -500 }] },
      { description: 'Rabatt', amountOre: -1_000 },
    ]);
    expect(rows).toEqual([
      { text: 'Ramlösa 50cl', amount: '12', memberIds: [] },
      { text: 'Mjölk', amount: '15,90', memberIds: [] },
      { text: 'Rabatt', amount: '-10', memberIds: [] },
    ]);
    expect(linesOf(rows, 'SEK').map((line) => line.amountOre)).toEqual([1_200, 1_590, -1_000]);
  });

  it('reads line amounts with the one parser, and an unreadable one blocks the split instead of counting as zero', () => {
    const values = perLine({ items: [{ text: 'Ost', amount: '1.234', memberIds: ['a'] }] });
    const preview = computeShares(splitInputOf(values, members, 'seed'));
    expect(preview.problem).toBe('INVALID_SHARE');
    const typed = perLine({ items: [{ text: 'Ost', amount: '1 234,50 kr', memberIds: ['a'] }], amount: '1234,50' });
    expect(computeShares(splitInputOf(typed, members, 'seed')).shares[0]?.amount).toBe(123_450);
  });

  it('sends the lines and, per person, the share the preview showed, which the contract accepts', () => {
    const values = perLine({});
    const preview = computeShares(splitInputOf(values, members, 'seed'));
    const body = toExpenseBody(values, 'SEK', members, 'seed');
    expect(body.split).toEqual({
      method: 'items',
      participants: preview.shares.map((share) => ({ memberId: share.memberId, value: share.amount })),
      items: [
        { text: 'Vin', amountOre: 10_000, memberIds: ['a'] },
        { text: 'Ost', amountOre: 6_000, memberIds: ['a', 'b'] },
      ],
    });
    expect(preview.shares.map((share) => share.amount).reduce((x, y) => x + y, 0)).toBe(16_100);
    expect(expenseSplitInput.safeParse(body.split).success).toBe(true);
  });

  it('leaves out of the lines a name tapped and then left out of the participants, as the preview does', () => {
    const values = perLine({ participantIds: ['a', 'c'] });
    const body = toExpenseBody(values, 'SEK', members, 'seed');
    expect(body.split.items?.map((item) => item.memberIds)).toEqual([['a'], ['a']]);
    expect(body.split.participants.map((p) => p.memberId)).toEqual(['a', 'c']);
  });

  it('keeps the lines when another method is chosen, and sends them only with Per rad', () => {
    const body = toExpenseBody(perLine({ method: 'equal' }), 'SEK', members, 'seed');
    expect(body.split).toEqual({ method: 'equal', participants: members.map((memberId) => ({ memberId })) });
  });

  it('puts a saved split per line back into the form with who took each line', () => {
    const expense = {
      totalOre: 16_100,
      currency: 'SEK',
      expenseDate: '2026-11-20',
      merchant: 'Systembolaget',
      category: 'mat',
      note: null,
      payerMemberId: 'a',
      payers: [{ memberId: 'a', name: 'A', amountOre: 16_100 }],
      rateMicros: 1_000_000,
      rateSource: 'same',
      imageId: null,
      splitMethod: 'items',
      shares: [
        { memberId: 'a', name: 'A', shareOre: 13_081, shareInput: null },
        { memberId: 'b', name: 'B', shareOre: 3_019, shareInput: null },
      ],
      items: [
        { text: 'Vin', amountOre: 10_000, memberIds: ['a'] },
        { text: 'Rabatt', amountOre: -1_050, memberIds: ['a', 'b'] },
      ],
    } as unknown as ExpenseDetail;
    const values = valuesFromExpense(expense);
    expect(values).toMatchObject({
      method: 'items',
      participantIds: ['a', 'b'],
      items: [
        { text: 'Vin', amount: '100', memberIds: ['a'] },
        { text: 'Rabatt', amount: '-10,50', memberIds: ['a', 'b'] },
      ],
    });
  });
});
