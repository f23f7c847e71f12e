import type { Currency } from '../../currency.ts';
import { importedBalances } from '../model.ts';
import { apportion } from '../../split.ts';
import { pick, randomInt, shuffled } from '../../testing/prng.ts';

/** A group as a test knows it, by people's names: the truth an export is written from and an import is held to. */
export type KnownGroup = {
  name: string;
  currency: Currency;
  people: string[];
  expenses: Array<{
    title: string;
    date: string;
    category: string;
    totalOre: number;
    payers: Array<{ name: string; amountOre: number }>;
    shares: Array<{ name: string; amountOre: number }>;
  }>;
  payments: Array<{ from: string; to: string; amountOre: number; date: string }>;
};

/** Each person's balance by name: paid minus shares, payments made minus received (importedBalances, by name). */
export function knownBalances(group: KnownGroup): Map<string, number> {
  const byName = (entry: { name: string; amountOre: number }) => ({ person: entry.name, amountOre: entry.amountOre });
  return importedBalances({
    people: group.people.map((name) => ({ key: name, name })),
    expenses: group.expenses.map((e) => ({ ...e, payers: e.payers.map(byName), shares: e.shares.map(byName) })),
    payments: group.payments,
  });
}

const NAMES = ['Anna', 'Björn', 'Cecilia', 'David', 'Elin', 'Fredrik', 'Greta'];
const TITLES = ['ICA Maxi', 'Hyra stuga', 'Taxi', 'Bio', 'Middag, "Pelikan"', 'Bensin; Preem'];

/**
 * A random group: 2–6 people, 1–25 expenses with one payer (several when `severalPayers`) and any shares that add up,
 * and a few payments. `shareOfPayer` keeps each payer among those sharing (Spliit's CSV shows no payer otherwise).
 */
export function randomKnownGroup(
  prng: () => number,
  options: { severalPayers?: boolean; shareOfPayer?: boolean; currency?: Currency } = {},
): KnownGroup {
  const people = NAMES.slice(0, randomInt(prng, 2, 6));
  const expenses = Array.from({ length: randomInt(prng, 1, 25) }, (_, i) => {
    const totalOre = randomInt(prng, 1, 2_000_000);
    const payerNames = shuffled(prng, people).slice(
      0,
      options.severalPayers ? randomInt(prng, 1, Math.min(3, totalOre)) : 1,
    );
    const payerAmounts = apportion({
      total: totalOre,
      weights: payerNames.map((key) => ({ key, weight: randomInt(prng, 1, 100) })),
      seed: `payers-${i}`,
    });
    let sharing = shuffled(prng, people).slice(0, randomInt(prng, 1, people.length));
    if (options.shareOfPayer) sharing = [...new Set([...payerNames, ...sharing])];
    const shareAmounts = apportion({
      total: totalOre,
      weights: sharing.map((key) => ({ key, weight: randomInt(prng, 1, 100) })),
      seed: `shares-${i}`,
    });
    return {
      title: pick(prng, TITLES),
      date: `2026-0${randomInt(prng, 1, 9)}-1${randomInt(prng, 0, 9)}`,
      category: pick(prng, ['mat', 'transport', 'logi', 'nöje', 'övrigt']),
      totalOre,
      payers: payerNames.map((name, k) => ({ name, amountOre: payerAmounts[k] ?? 0 })).filter((p) => p.amountOre > 0),
      shares: sharing.map((name, k) => ({ name, amountOre: shareAmounts[k] ?? 0 })).filter((s) => s.amountOre > 0),
    };
  });
  const payments = Array.from({ length: randomInt(prng, 0, 3) }, () => {
    const [from = '', to = ''] = shuffled(prng, people);
    return { from, to, amountOre: randomInt(prng, 1, 500_000), date: '2026-10-01' };
  });
  return { name: 'Fjällresan', currency: options.currency ?? 'SEK', people, expenses, payments };
}
