import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
// Types only: the Balance tab is the group page's first tab, so zod's runtime stays off its first load.
import type {
  BalancesResponse,
  BreakdownPage,
  MarkPaidBody,
  MarkPaidResponse,
  SettledStateResponse,
  SettlementResponse,
} from '#shared/api/settlement.ts';
import type { RemindBody, RemindResponse } from '#shared/api/push.ts';
import { api } from '../../lib/api.ts';

/** Under ['group', id, …] (decision 013): a live change in the group, or any saved expense, refreshes them too. */
export const settlementKeys = {
  group: (groupId: string) => ['group', groupId] as const,
  balances: (groupId: string) => ['group', groupId, 'balances'] as const,
  settlement: (groupId: string) => ['group', groupId, 'settlement'] as const,
  breakdown: (groupId: string) => ['group', groupId, 'settlement', 'breakdown'] as const,
};

export const balancesQuery = (groupId: string) =>
  queryOptions({
    queryKey: settlementKeys.balances(groupId),
    queryFn: ({ signal }) => api.get<BalancesResponse>(`/api/groups/${groupId}/balances`, { signal }),
  });

export const settlementQuery = (groupId: string) =>
  queryOptions({
    queryKey: settlementKeys.settlement(groupId),
    queryFn: ({ signal }) => api.get<SettlementResponse>(`/api/groups/${groupId}/settlement`, { signal }),
  });

/** Older expenses of the breakdown, from the cursor the calculation's first page ended at. */
export const olderBreakdownQuery = (groupId: string, firstCursor: string) =>
  infiniteQueryOptions({
    queryKey: [...settlementKeys.breakdown(groupId), firstCursor],
    queryFn: ({ signal, pageParam }) =>
      api.get<BreakdownPage>(`/api/groups/${groupId}/settlement/breakdown?cursor=${encodeURIComponent(pageParam)}`, {
        signal,
      }),
    initialPageParam: firstCursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

function useGroupRefresh(groupId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settlementKeys.group(groupId) });
}

export function useMarkPaid(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: (body: MarkPaidBody) => api.post<MarkPaidResponse>(`/api/groups/${groupId}/settlements`, body),
    onSettled: refresh,
  });
}

export function useReopen(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: () => api.post<SettledStateResponse>(`/api/groups/${groupId}/reopen`),
    onSettled: refresh,
  });
}

export function useSettleGroup(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: () => api.post<SettledStateResponse>(`/api/groups/${groupId}/settle`),
    onSettled: refresh,
  });
}

/** "Påminn": the payer is notified; nothing on the page changes, so nothing is refreshed. */
export function useRemind(groupId: string) {
  return useMutation({
    mutationFn: (body: RemindBody) => api.post<RemindResponse>(`/api/groups/${groupId}/reminders`, body),
  });
}
