import type { Currency } from './currency.ts';

/** The caller's balance in one group, in öre of that group's currency: positive is owed to them, negative owed by them. */
export type GroupBalance = { groupId: string; name: string; currency: Currency; balanceOre: number };

/** What the caller owes and is owed in all their groups of one currency together. */
export type CurrencyTotal = { currency: Currency; owedToMeOre: number; iOweOre: number };

/**
 * Totals across groups, one per currency (groups in different currencies are never added at a guessed rate), and
 * the groups that are not even, in the order to act on them: first where the caller owes, the most first, then
 * where they are owed, the most first; equal amounts by group name.
 */
export function summarizeGroups(balances: readonly GroupBalance[]): {
  totals: CurrencyTotal[];
  groups: GroupBalance[];
} {
  const totals = new Map<Currency, CurrencyTotal>();
  for (const group of balances) {
    const total = totals.get(group.currency) ?? { currency: group.currency, owedToMeOre: 0, iOweOre: 0 };
    if (group.balanceOre > 0) total.owedToMeOre += group.balanceOre;
    if (group.balanceOre < 0) total.iOweOre -= group.balanceOre;
    totals.set(group.currency, total);
  }
  const uneven = balances.filter((group) => group.balanceOre !== 0);
  const owes = (group: GroupBalance) => group.balanceOre < 0;
  uneven.sort(
    (a, b) =>
      Number(owes(b)) - Number(owes(a)) ||
      Math.abs(b.balanceOre) - Math.abs(a.balanceOre) ||
      a.name.localeCompare(b.name, 'sv') ||
      a.groupId.localeCompare(b.groupId),
  );
  return {
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    groups: uneven,
  };
}
