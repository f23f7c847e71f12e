import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRecurringBody, RecurringSeries, UpdateRecurringBody } from '#shared/api/recurring.ts';
import type { Frequency } from '#shared/domain/recurrence.ts';
import { client, read, withSignal } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/** A group's recurring expenses live under the group's key, so a live change in the group refreshes them too. */
export const recurringKey = (groupId: string) => [...groupKeys.group(groupId), 'recurring'] as const;

export const recurringQuery = (groupId: string) =>
  queryOptions({
    queryKey: recurringKey(groupId),
    queryFn: async ({ signal }) =>
      (await read(client.api.groups[':groupId']['recurring-expenses'].$get({ param: { groupId } }, withSignal(signal))))
        .series,
  });

/** The series each expense belongs to, by expense id, for the line an expense shows about it. */
export function seriesByExpense(series: readonly RecurringSeries[] | undefined): Map<string, RecurringSeries> {
  return new Map((series ?? []).flatMap((s) => s.expenseIds.map((id) => [id, s] as const)));
}

function useRefresh(groupId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
    await queryClient.invalidateQueries({ queryKey: groupKeys.list });
  };
}

export function useCreateRecurring(groupId: string) {
  const refresh = useRefresh(groupId);
  return useMutation({
    mutationFn: async (body: CreateRecurringBody) =>
      read(client.api.groups[':groupId']['recurring-expenses'].$post({ param: { groupId }, json: body })),
    onSuccess: refresh,
  });
}

export function useChangeRecurring(groupId: string, seriesId: string) {
  const refresh = useRefresh(groupId);
  return useMutation({
    mutationFn: async (body: UpdateRecurringBody) =>
      (await read(client.api['recurring-expenses'][':seriesId'].$patch({ param: { seriesId }, json: body }))).series,
    onSuccess: refresh,
  });
}

export function useEndRecurring(groupId: string, seriesId: string) {
  const refresh = useRefresh(groupId);
  return useMutation({
    mutationFn: async () =>
      (await read(client.api['recurring-expenses'][':seriesId'].end.$post({ param: { seriesId } }))).series,
    onSuccess: refresh,
  });
}

/** The wizard's "Upprepa": how often and until when, or null when the expense does not repeat. */
export type RepeatChoice = { frequency: Frequency; endDate: string | null } | null;

/** An end date before the expense's own date is refused, here and by the server. */
export const endBeforeStart = (choice: RepeatChoice, startDate: string) =>
  choice?.endDate != null && choice.endDate !== '' && choice.endDate < startDate;
