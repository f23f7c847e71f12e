import { expenseInGroupCurrency } from './balances.ts';
import type { Currency, RateMicros } from './currency.ts';
import { ore } from './money.ts';
import type { Ore } from './money.ts';

/** One expense of a group the user belongs to, with the user's membership in that group. */
export type StatisticsExpense = {
  id: string;
  groupId: string;
  groupName: string;
  groupCurrency: Currency;
  userMemberId: string;
  /** Who paid how much, in öre of the expense's own currency; they add up to the total (decision 057). */
  payers: ReadonlyArray<{ memberId: string; amountOre: number }>;
  /** YYYY-MM-DD */
  expenseDate: string;
  category: string;
  /** Öre of the expense's own currency, converted at the stored rate into the group currency. */
  totalOre: number;
  rateMicros: RateMicros;
  shares: ReadonlyArray<{ memberId: string; shareOre: number }>;
};

/**
 * Expenses summed by the database for one group, month and category, as balances' pre-summed totals: those at rate 1,
 * which need no conversion. Only expenses the user paid or shares count; the figures are in öre of the group currency.
 */
export type StatisticsTotals = {
  groupId: string;
  groupName: string;
  groupCurrency: Currency;
  /** YYYY-MM */
  month: string;
  category: string;
  spentOre: number;
  paidOre: number;
  expenseCount: number;
};

/** What the user's shares came to ("spent") and what they paid out for others and themselves ("paid"). */
export type Figures = { spentOre: Ore; paidOre: Ore };
export type MonthFigures = Figures & { month: string };
export type CategoryFigures = Figures & { category: string };
export type GroupFigures = Figures & { groupId: string; name: string };

/** All figures of one currency; amounts of different currencies are never added together. */
export type CurrencyStatistics = Figures & {
  currency: Currency;
  expenseCount: number;
  months: MonthFigures[];
  categories: CategoryFigures[];
  groups: GroupFigures[];
};

type Sums = { spent: number; paid: number };
const add = <K>(map: Map<K, Sums>, key: K, spent: number, paid: number) => {
  const sums = map.get(key) ?? { spent: 0, paid: 0 };
  map.set(key, { spent: sums.spent + spent, paid: sums.paid + paid });
};
const figures = (sums: Sums): Figures => ({ spentOre: ore(sums.spent), paidOre: ore(sums.paid) });
// Spent plus paid may pass 2^53 where each alone cannot (decision 036), so the sort key is added exactly.
const activity = (f: Figures) => BigInt(f.spentOre) + BigInt(f.paidOre);
const byLargest = <T extends Figures>(a: T, b: T) => {
  const [x, y] = [activity(a), activity(b)];
  return x === y ? 0 : x < y ? 1 : -1;
};

/** Every month from the first to the last, so a chart shows quiet months as zero instead of skipping them. */
function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last;) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

/** The user's figures of one expense, or of several summed, at the group, month and category they count under. */
type Part = Omit<StatisticsTotals, 'spentOre' | 'paidOre'> & Sums;

/** The user's share of an expense and what they paid for it, both in öre of the group currency. */
function userAmounts(expense: StatisticsExpense): Sums {
  // The same conversion and seed as the balances, so both pages show the same öre.
  const converted = expenseInGroupCurrency(expense);
  const mine = (list: ReadonlyArray<{ memberId: string; amountOre: number }>) =>
    list.find((s) => s.memberId === expense.userMemberId)?.amountOre ?? 0;
  return { spent: mine(converted.shares), paid: mine(converted.payers) };
}

function partOf(expense: StatisticsExpense): Part {
  const { groupId, groupName, groupCurrency, category } = expense;
  return {
    groupId,
    groupName,
    groupCurrency,
    month: expense.expenseDate.slice(0, 7),
    category,
    expenseCount: 1,
    ...userAmounts(expense),
  };
}

// Every term is ≥ 0 and the limits of decision 036 keep each total below 2^53, so these sums of numbers are exact.
function summariseCurrency(currency: Currency, parts: Part[]): CurrencyStatistics {
  const total = { spent: 0, paid: 0 };
  let expenseCount = 0;
  const months = new Map<string, Sums>();
  const categories = new Map<string, Sums>();
  const groups = new Map<string, Sums>();
  const names = new Map<string, string>();
  for (const { spent, paid, ...part } of parts) {
    total.spent += spent;
    total.paid += paid;
    expenseCount += part.expenseCount;
    add(months, part.month, spent, paid);
    add(categories, part.category.trim().toLowerCase() || 'övrigt', spent, paid);
    add(groups, part.groupId, spent, paid);
    names.set(part.groupId, part.groupName);
  }
  const keys = [...months.keys()].sort();
  return {
    currency,
    ...figures(total),
    expenseCount,
    months: monthRange(keys[0] as string, keys.at(-1) as string).map((month) => ({
      month,
      ...figures(months.get(month) ?? { spent: 0, paid: 0 }),
    })),
    categories: [...categories].map(([category, sums]) => ({ category, ...figures(sums) })).sort(byLargest),
    groups: [...groups]
      .map(([groupId, sums]) => ({ groupId, name: names.get(groupId) ?? '', ...figures(sums) }))
      .sort(byLargest),
  };
}

/**
 * The user's spending (their shares) and payments per month, category and group, in öre of each group's currency,
 * one block per currency, largest first, from whole expenses and expenses the database already summed (`totals`).
 * Expenses the user neither paid nor shared are ignored. Per block the months, categories and groups each add up
 * exactly to the block's totals.
 */
export function summariseSpending(
  expenses: ReadonlyArray<StatisticsExpense>,
  totals: ReadonlyArray<StatisticsTotals> = [],
): CurrencyStatistics[] {
  const relevant = expenses.filter(
    (r) => r.payers.some((p) => p.memberId === r.userMemberId) || r.shares.some((s) => s.memberId === r.userMemberId),
  );
  const parts: Part[] = [
    ...relevant.map(partOf),
    ...totals.map(({ spentOre, paidOre, ...rest }) => ({ ...rest, spent: spentOre, paid: paidOre })),
  ];
  const perCurrency = new Map<Currency, Part[]>();
  for (const part of parts) {
    const list = perCurrency.get(part.groupCurrency) ?? [];
    list.push(part);
    perCurrency.set(part.groupCurrency, list);
  }
  return [...perCurrency].map(([currency, list]) => summariseCurrency(currency, list)).sort(byLargest);
}
