import { describe, expect, it } from 'vitest';
import { summarizeGroups, type GroupBalance } from './overview.ts';

const group = (name: string, balanceOre: number, currency: GroupBalance['currency'] = 'SEK'): GroupBalance => ({
  groupId: `id-${name}`,
  name,
  currency,
  balanceOre,
});

describe('summarizeGroups', () => {
  it('adds what is owed and what is due per currency, never across currencies', () => {
    const { totals } = summarizeGroups([
      group('Resan', -35_000),
      group('Hushållet', 12_050),
      group('Middagen', -1_000),
      group('Paris', 4_200, 'EUR'),
      group('Klar', 0),
    ]);
    expect(totals).toEqual([
      { currency: 'EUR', owedToMeOre: 4_200, iOweOre: 0 },
      { currency: 'SEK', owedToMeOre: 12_050, iOweOre: 36_000 },
    ]);
  });

  it('orders the groups to act on: debts first, the largest first, then what is due; even groups left out', () => {
    const { groups } = summarizeGroups([
      group('Hushållet', 12_050),
      group('Middagen', -1_000),
      group('Klar', 0),
      group('Resan', -35_000),
      group('Bio', 12_050),
      group('Alfa', 90_000),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['Resan', 'Middagen', 'Alfa', 'Bio', 'Hushållet']);
  });

  it('has nothing to act on when every group is even', () => {
    expect(summarizeGroups([group('Klar', 0)])).toEqual({
      totals: [{ currency: 'SEK', owedToMeOre: 0, iOweOre: 0 }],
      groups: [],
    });
  });
});
