import type { OverviewResponse } from '#shared/api/overview.ts';
import type { Currency } from '#shared/domain/currency.ts';
import { summarizeGroups } from '#shared/domain/overview.ts';
import { activeMembershipsOf } from '../../repositories/memberships.ts';
import type { SettlementDeps } from './service.ts';

/**
 * What the caller owes and is owed in all their groups: each group's balance comes from the ledger cache, so a user
 * with many groups costs one version read per group while nothing has changed.
 */
export async function getOverview(deps: SettlementDeps, userId: string): Promise<OverviewResponse> {
  const memberships = await activeMembershipsOf(deps.db, userId);
  const balances = await Promise.all(
    memberships.map(async ({ memberId, group }) => {
      const currency = group.currency as Currency;
      const state = await deps.ledgerState({ id: group.id, currency });
      const mine = state.balances.find((balance) => balance.memberId === memberId);
      return { groupId: group.id, name: group.name, currency, balanceOre: mine?.balance ?? 0 };
    }),
  );
  return summarizeGroups(balances);
}
