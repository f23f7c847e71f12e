import { convertOre, convertShares, RATE_ONE } from './currency.ts';
import type { RateMicros } from './currency.ts';
import { ore } from './money.ts';
import type { Ore } from './money.ts';

/**
 * An expense as balances need it: total, payers and shares in öre of the expense's own currency, and its stored rate.
 * The payers' amounts add up to the total, as the shares do (decision 057).
 */
export type BalanceExpense = {
  id: string;
  payers: ReadonlyArray<{ memberId: string; amountOre: number }>;
  totalOre: number;
  rateMicros: RateMicros;
  shares: ReadonlyArray<{ memberId: string; shareOre: number }>;
};

/** A transfer already marked paid, in öre of the group currency. */
export type BalancePayment = { fromMemberId: string; toMemberId: string; amountOre: number };

/** Per-member sums already in the group currency, e.g. summed by SQL over the expenses that need no conversion. */
export type MemberTotals = { memberId: string; paidOre: number; shareOre: number };

/** A member's balance in öre of the group currency: positive means the group owes them, negative that they owe. */
export type MemberBalance = { memberId: string; balance: Ore };

type MemberAmounts = Array<{ memberId: string; amountOre: Ore }>;
export type ExpenseInGroupCurrency = { totalOre: Ore; payers: MemberAmounts; shares: MemberAmounts };

/**
 * An expense's total, payers and shares in öre of the group currency at its stored rate; the payers and the shares
 * each still sum exactly to the converted total (largest remainder, as convertShares does). Seeded by the expense
 * id, so balances, statistics and the per-expense breakdown always show the same öre.
 */
export function expenseInGroupCurrency(expense: BalanceExpense): ExpenseInGroupCurrency {
  const convert = (parts: ReadonlyArray<{ memberId: string; amount: number }>): MemberAmounts =>
    convertShares(parts, expense.totalOre, expense.rateMicros, expense.id).map((s) => ({
      memberId: s.memberId,
      amountOre: s.amount,
    }));
  const totalOre =
    expense.rateMicros === RATE_ONE ? ore(expense.totalOre) : convertOre(expense.totalOre, expense.rateMicros);
  return {
    totalOre,
    payers: convert(expense.payers.map((p) => ({ memberId: p.memberId, amount: p.amountOre }))),
    shares: convert(expense.shares.map((s) => ({ memberId: s.memberId, amount: s.shareOre }))),
  };
}

/**
 * An expense's payer and share rows, each with its amount in öre of the group currency as `expenseInGroupCurrency`
 * converts it, in input order: what is stored with the rows so that balances add them up without converting
 * (decision 078). Payers and shares each still sum exactly to the converted total.
 */
export function withGroupAmounts<
  P extends { memberId: string; amountOre: number },
  S extends { memberId: string; shareOre: number },
>(expense: {
  id: string;
  totalOre: number;
  rateMicros: RateMicros;
  payers: ReadonlyArray<P>;
  shares: ReadonlyArray<S>;
}): { payers: Array<P & { groupAmountOre: Ore }>; shares: Array<S & { groupShareOre: Ore }> } {
  const converted = expenseInGroupCurrency(expense);
  return {
    payers: expense.payers.map((payer, i) => ({ ...payer, groupAmountOre: amountAt(converted.payers, i) })),
    shares: expense.shares.map((share, i) => ({ ...share, groupShareOre: amountAt(converted.shares, i) })),
  };
}

function amountAt(amounts: MemberAmounts, index: number): Ore {
  const amount = amounts[index];
  if (!amount) throw new RangeError(`no converted amount at ${index}`);
  return amount.amountOre;
}

/** An expense whose rows may lack their stored amount in the group currency (null: not converted yet). */
export type PartlyConvertedExpense = Omit<BalanceExpense, 'payers' | 'shares'> & {
  payers: ReadonlyArray<{ memberId: string; amountOre: number; groupAmountOre: number | null }>;
  shares: ReadonlyArray<{ memberId: string; shareOre: number; groupShareOre: number | null }>;
};

/**
 * Per member, in öre of the group currency, what the rows without a stored converted amount add: the running sums
 * leave those rows out (decision 078), so balances convert them here, as `expenseInGroupCurrency` would. Rows with a
 * stored amount add nothing, being in the sums already.
 */
export function unconvertedTotals(expense: PartlyConvertedExpense): MemberTotals[] {
  const converted = expenseInGroupCurrency(expense);
  const totals: MemberTotals[] = [];
  expense.payers.forEach((payer, i) => {
    if (payer.groupAmountOre === null)
      totals.push({ memberId: payer.memberId, paidOre: amountAt(converted.payers, i), shareOre: 0 });
  });
  expense.shares.forEach((share, i) => {
    if (share.groupShareOre === null)
      totals.push({ memberId: share.memberId, paidOre: 0, shareOre: amountAt(converted.shares, i) });
  });
  return totals;
}

/**
 * Balances in öre of the group currency: each payer of an expense gets their converted amount, each participant
 * loses their converted share, and a paid transfer moves its amount from the recipient back to the payer. Sums to
 * exactly zero. Pre-summed `totals` let the database add up expenses that need no conversion. Lists `memberIds`
 * in their order (zero when untouched), then any other member that appears, in id order.
 */
export function computeBalances(input: {
  memberIds: ReadonlyArray<string>;
  expenses?: Iterable<BalanceExpense>;
  totals?: Iterable<MemberTotals>;
  payments?: Iterable<BalancePayment>;
}): MemberBalance[] {
  const sums = new Map<string, number>(input.memberIds.map((id) => [id, 0]));
  const add = (memberId: string, amount: number) => sums.set(memberId, (sums.get(memberId) ?? 0) + amount);
  for (const expense of input.expenses ?? []) {
    const converted = expenseInGroupCurrency(expense);
    for (const payer of converted.payers) add(payer.memberId, payer.amountOre);
    for (const share of converted.shares) add(share.memberId, 0 - share.amountOre);
  }
  for (const totals of input.totals ?? []) add(totals.memberId, totals.paidOre - totals.shareOre);
  for (const payment of input.payments ?? []) {
    add(payment.fromMemberId, payment.amountOre);
    add(payment.toMemberId, -payment.amountOre);
  }
  const known = new Set(input.memberIds);
  const extra = [...sums.keys()].filter((id) => !known.has(id)).sort();
  return [...input.memberIds, ...extra].map((memberId) => ({ memberId, balance: ore(sums.get(memberId) ?? 0) }));
}

/** True when every balance is exactly zero öre: nothing is left to pay. */
export function allSettled(balances: ReadonlyArray<{ balance: number }>): boolean {
  return balances.every((b) => b.balance === 0);
}
