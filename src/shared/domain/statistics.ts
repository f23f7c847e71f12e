import { convertOre, convertShares, RATE_ONE } from './currency.ts';
import type { Currency, RateMicros } from './currency.ts';
import { ore } from './money.ts';
import type { Ore } from './money.ts';

/** One receipt of a group the user belongs to, with the user's membership in that group. */
export type StatisticsReceipt = {
  id: string;
  groupId: string;
  groupName: string;
  groupCurrency: Currency;
  userMemberId: string;
  payerMemberId: string;
  /** YYYY-MM-DD */
  receiptDate: string;
  category: string;
  /** Öre of the receipt's own currency, converted at the stored rate into the group currency. */
  totalOre: number;
  rateMicros: RateMicros;
  shares: ReadonlyArray<{ memberId: string; shareOre: number }>;
};

/** What the user's shares came to ("spent") and what they paid out for others and themselves ("paid"). */
export type Figures = { spentOre: Ore; paidOre: Ore };
export type MonthFigures = Figures & { month: string };
export type CategoryFigures = Figures & { category: string };
export type GroupFigures = Figures & { groupId: string; name: string };

/** All figures of one currency; amounts of different currencies are never added together. */
export type CurrencyStatistics = Figures & {
  currency: Currency;
  receiptCount: number;
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
const byLargest = <T extends Figures>(a: T, b: T) => b.spentOre + b.paidOre - (a.spentOre + a.paidOre);

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

/** The user's share of a receipt and what they paid for it, both in öre of the group currency. */
function userAmounts(receipt: StatisticsReceipt): Sums {
  const converted = convertShares(
    receipt.shares.map((s) => ({ memberId: s.memberId, amount: s.shareOre })),
    receipt.totalOre,
    receipt.rateMicros,
    receipt.id, // the same seed as the balances, so both pages show the same öre
  );
  const spent = converted.find((s) => s.memberId === receipt.userMemberId)?.amount ?? 0;
  const total = receipt.rateMicros === RATE_ONE ? receipt.totalOre : convertOre(receipt.totalOre, receipt.rateMicros);
  return { spent, paid: receipt.payerMemberId === receipt.userMemberId ? total : 0 };
}

function summariseCurrency(currency: Currency, receipts: StatisticsReceipt[]): CurrencyStatistics {
  const total = { spent: 0, paid: 0 };
  const months = new Map<string, Sums>();
  const categories = new Map<string, Sums>();
  const groups = new Map<string, Sums>();
  const names = new Map<string, string>();
  for (const receipt of receipts) {
    const { spent, paid } = userAmounts(receipt);
    total.spent += spent;
    total.paid += paid;
    add(months, receipt.receiptDate.slice(0, 7), spent, paid);
    add(categories, receipt.category.trim().toLowerCase() || 'övrigt', spent, paid);
    add(groups, receipt.groupId, spent, paid);
    names.set(receipt.groupId, receipt.groupName);
  }
  const keys = [...months.keys()].sort();
  return {
    currency,
    ...figures(total),
    receiptCount: receipts.length,
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
 * one block per currency, largest first. Receipts the user neither paid nor shared are ignored. Per block the
 * months, categories and groups each add up exactly to the block's totals.
 */
export function summariseSpending(receipts: ReadonlyArray<StatisticsReceipt>): CurrencyStatistics[] {
  const relevant = receipts.filter(
    (r) => r.payerMemberId === r.userMemberId || r.shares.some((s) => s.memberId === r.userMemberId),
  );
  const perCurrency = new Map<Currency, StatisticsReceipt[]>();
  for (const receipt of relevant) {
    const list = perCurrency.get(receipt.groupCurrency) ?? [];
    list.push(receipt);
    perCurrency.set(receipt.groupCurrency, list);
  }
  return [...perCurrency].map(([currency, list]) => summariseCurrency(currency, list)).sort(byLargest);
}
