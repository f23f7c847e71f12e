import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
// Types only: the Balance tab is the group page's first tab, so zod's runtime stays off its first load.
import type { RemindBody } from '#shared/api/push.ts';
import type { MarkPaidBody, RecordPaymentBody } from '#shared/api/settlement.ts';
import { client, read, withSignal } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/** Under ['group', id, …] (decision 013): a live change in the group, or any saved expense, refreshes them too. */
export const settlementKeys = {
  balances: (groupId: string) => [...groupKeys.group(groupId), 'balances'] as const,
  settlement: (groupId: string) => [...groupKeys.group(groupId), 'settlement'] as const,
  breakdown: (groupId: string) => [...groupKeys.group(groupId), 'settlement', 'breakdown'] as const,
};

const group = client.api.groups[':groupId'];

export const balancesQuery = (groupId: string) =>
  queryOptions({
    queryKey: settlementKeys.balances(groupId),
    queryFn: ({ signal }) => read(group.balances.$get({ param: { groupId } }, withSignal(signal))),
  });

export const settlementQuery = (groupId: string) =>
  queryOptions({
    queryKey: settlementKeys.settlement(groupId),
    queryFn: ({ signal }) => read(group.settlement.$get({ param: { groupId } }, withSignal(signal))),
  });

/** Older expenses of the breakdown, from the cursor the calculation's first page ended at. */
export const olderBreakdownQuery = (groupId: string, firstCursor: string) =>
  infiniteQueryOptions({
    queryKey: [...settlementKeys.breakdown(groupId), firstCursor],
    queryFn: ({ signal, pageParam }) =>
      read(group.settlement.breakdown.$get({ param: { groupId }, query: { cursor: pageParam } }, withSignal(signal))),
    initialPageParam: firstCursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

function useGroupRefresh(groupId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
}

export function useMarkPaid(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: (body: MarkPaidBody) => read(group.settlements.$post({ param: { groupId }, json: body })),
    onSettled: refresh,
  });
}

/** "Registrera betalning": balances, proposal and the list of payments all follow at once. */
export function useRecordPayment(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: (body: RecordPaymentBody) => read(group.payments.$post({ param: { groupId }, json: body })),
    onSettled: refresh,
  });
}

export function useDeletePayment(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: (paymentId: string) => read(group.payments[':paymentId'].$delete({ param: { groupId, paymentId } })),
    onSettled: refresh,
  });
}

/** The owner's "leave out transfers below"; 0 shows every transfer. */
export function useSetTransferThreshold(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: (minTransferOre: number) =>
      read(group['transfer-threshold'].$put({ param: { groupId }, json: { minTransferOre } })),
    onSettled: refresh,
  });
}

export function useReopen(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: () => read(group.reopen.$post({ param: { groupId } })),
    onSettled: refresh,
  });
}

export function useSettleGroup(groupId: string) {
  const refresh = useGroupRefresh(groupId);
  return useMutation({
    mutationFn: () => read(group.settle.$post({ param: { groupId } })),
    onSettled: refresh,
  });
}

/** "Påminn": the payer is notified; nothing on the page changes, so nothing is refreshed. */
export function useRemind(groupId: string) {
  return useMutation({
    mutationFn: (body: RemindBody) => read(group.reminders.$post({ param: { groupId }, json: body })),
  });
}
