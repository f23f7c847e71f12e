import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
// Types only: answers of our own server are trusted as typed (decision 007), so zod stays off the group page and the
// wizard's first load; the wizard loads it for its form checks alone.
import type {
  CreateExpenseBody,
  ExchangeRateResponse,
  ExpenseDetail,
  ReceiptImageResponse,
  ExpenseListResponse,
  ExpenseResponse,
  UpdateExpenseBody,
} from '#shared/api/expenses.ts';
import type { GroupDetail, GroupSummary, Member } from '#shared/api/groups.ts';
import { isErrorCode } from '#shared/errors.ts';
import { api, ApiError, NETWORK_FAILURE } from '../../lib/api.ts';

/**
 * Query keys. Group data lives under ['group', id, …] (decision 013), so a live change in the group or a saved
 * expense refreshes the expenses, the balances and the header counts together. The group's detail and members use
 * the same keys and answers as the group page, so the wizard opens from its cache.
 */
export const expenseKeys = {
  group: (groupId: string) => ['group', groupId] as const,
  detail: (groupId: string) => ['group', groupId, 'detail'] as const,
  members: (groupId: string) => ['group', groupId, 'members'] as const,
  expenses: (groupId: string, filter: ExpenseFilter = {}) => ['group', groupId, 'expenses', filter] as const,
  expense: (expenseId: string) => ['expense', expenseId] as const,
  rate: (from: string, to: string, date: string) => ['exchange-rate', from, to, date] as const,
  groups: ['groups'] as const,
};

export const groupDetailQuery = (groupId: string) =>
  queryOptions({
    queryKey: expenseKeys.detail(groupId),
    queryFn: async ({ signal }): Promise<GroupDetail> =>
      (await api.get<{ group: GroupDetail }>(`/api/groups/${groupId}`, { signal })).group,
  });

export const groupMembersQuery = (groupId: string) =>
  queryOptions({
    queryKey: expenseKeys.members(groupId),
    queryFn: async ({ signal }): Promise<Member[]> =>
      (await api.get<{ members: Member[] }>(`/api/groups/${groupId}/members`, { signal })).members,
  });

export const myGroupsQuery = queryOptions({
  queryKey: expenseKeys.groups,
  queryFn: async ({ signal }): Promise<GroupSummary[]> =>
    (await api.get<{ groups: GroupSummary[] }>('/api/groups', { signal })).groups,
});

/** What the server filters the expense list by: one category, or only expenses with an image (Bilagor). */
export interface ExpenseFilter {
  category?: string;
  hasImage?: true;
}

/**
 * The group's expenses page by page, newest first (`fetchNextPage` for "Visa fler"). The first page also carries
 * every category in use. A refresh of the group refetches the pages already shown, so none goes stale.
 */
export const expensePagesQuery = (groupId: string, filter: ExpenseFilter = {}) =>
  infiniteQueryOptions({
    queryKey: expenseKeys.expenses(groupId, filter),
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      if (filter.category !== undefined) query.set('category', filter.category);
      if (filter.hasImage) query.set('hasImage', 'true');
      if (pageParam !== null) query.set('cursor', pageParam);
      return api.get<ExpenseListResponse>(`/api/groups/${groupId}/expenses?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const expenseQuery = (expenseId: string) =>
  queryOptions({
    queryKey: expenseKeys.expense(expenseId),
    queryFn: async ({ signal }): Promise<ExpenseDetail> =>
      (await api.get<ExpenseResponse>(`/api/expenses/${expenseId}`, { signal })).expense,
    // The edit form must start from what is saved now, not from a copy of five minutes ago.
    staleTime: 0,
  });

export const rateQuery = (from: string, to: string, date: string) =>
  queryOptions({
    queryKey: expenseKeys.rate(from, to, date),
    queryFn: async ({ signal }): Promise<ExchangeRateResponse> => {
      const query = new URLSearchParams({ from, to, date });
      return api.get<ExchangeRateResponse>(`/api/exchange-rates?${query}`, { signal });
    },
    staleTime: 60 * 60 * 1000,
  });

/** Raw image bytes, as the server wants them (the shared client only sends JSON). Failures become ApiError too. */
export async function uploadReceiptImage(groupId: string, file: File): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/groups/${groupId}/receipt-images`, {
      method: 'POST',
      body: file,
      // An iPhone's HEIC often arrives without a type; the server reads the bytes, not this header.
      headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(NETWORK_FAILURE, 'INTERNAL');
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return (data as ReceiptImageResponse).imageId;
  const code = (data as { error?: { code?: unknown } } | null)?.error?.code;
  throw new ApiError(
    response.status,
    isErrorCode(code) ? code : response.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL',
  );
}

function useRefreshGroup() {
  const queryClient = useQueryClient();
  return async (groupId: string) => {
    await queryClient.invalidateQueries({ queryKey: expenseKeys.group(groupId) });
    await queryClient.invalidateQueries({ queryKey: expenseKeys.groups });
  };
}

export function useCreateExpense(groupId: string) {
  const refresh = useRefreshGroup();
  return useMutation({
    mutationFn: async (body: CreateExpenseBody) =>
      (await api.post<ExpenseResponse>(`/api/groups/${groupId}/expenses`, body)).expense,
    onSuccess: () => refresh(groupId),
  });
}

export function useUpdateExpense(groupId: string, expenseId: string) {
  const refresh = useRefreshGroup();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateExpenseBody) =>
      (await api.patch<ExpenseResponse>(`/api/expenses/${expenseId}`, body)).expense,
    onSuccess: async (expense) => {
      queryClient.setQueryData(expenseKeys.expense(expenseId), expense);
      await refresh(groupId);
    },
  });
}

export function useDeleteExpense(groupId: string) {
  const refresh = useRefreshGroup();
  return useMutation({
    mutationFn: async (expenseId: string) => api.delete<null>(`/api/expenses/${expenseId}`),
    onSuccess: () => refresh(groupId),
  });
}
