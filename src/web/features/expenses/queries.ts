import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
// Types only: answers of our own server are trusted as typed (decision 045), so zod stays off the group page and the
// wizard's first load; the wizard loads it for its form checks alone.
import type { CreateExpenseBody, UpdateExpenseBody } from '#shared/api/expenses.ts';
import { CURRENCIES, type Currency } from '#shared/domain/currency.ts';
import { ApiError, client, done, fileBody, read, withSignal } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/**
 * Query keys of expenses. A group's expenses live under ['group', id, …] (decision 013), so a live change in the group
 * or a saved expense refreshes the expenses, the balances and the header counts together; the group itself, its
 * members and the list of groups are read through lib/queries/groups.ts, the same cache entries as the group page's.
 */
export const expenseKeys = {
  expenses: (groupId: string, filter: ExpenseFilter = {}) => [...groupKeys.group(groupId), 'expenses', filter] as const,
  expense: (expenseId: string) => ['expense', expenseId] as const,
  rate: (from: string, to: string, date: string) => ['exchange-rate', from, to, date] as const,
};

/**
 * What the server filters the expense list by: one category, only expenses with an image (Bilagor), or a search
 * (merchant, note or amount).
 */
export interface ExpenseFilter {
  category?: string;
  hasImage?: true;
  q?: string;
}

/**
 * The group's expenses page by page, newest first (`fetchNextPage` for "Visa fler"). The first page also carries
 * every category in use. A refresh of the group refetches the pages already shown, so none goes stale.
 */
export const expensePagesQuery = (groupId: string, filter: ExpenseFilter = {}) =>
  infiniteQueryOptions({
    queryKey: expenseKeys.expenses(groupId, filter),
    queryFn: ({ signal, pageParam }) => {
      const query = {
        category: filter.category,
        hasImage: filter.hasImage ? ('true' as const) : undefined,
        q: filter.q,
        cursor: pageParam ?? undefined,
      };
      return read(client.api.groups[':groupId'].expenses.$get({ param: { groupId }, query }, withSignal(signal)));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const expenseQuery = (expenseId: string) =>
  queryOptions({
    queryKey: expenseKeys.expense(expenseId),
    queryFn: async ({ signal }) =>
      (await read(client.api.expenses[':expenseId'].$get({ param: { expenseId } }, withSignal(signal)))).expense,
    // The edit form must start from what is saved now, not from a copy of five minutes ago.
    staleTime: 0,
  });

const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

export const rateQuery = (from: string, to: string, date: string) =>
  queryOptions({
    queryKey: expenseKeys.rate(from, to, date),
    queryFn: ({ signal }) => {
      // A code outside the list is what the server would refuse; the form's currency select offers none.
      if (!isCurrency(from) || !isCurrency(to)) throw new ApiError(400, 'VALIDATION');
      return read(client.api['exchange-rates'].$get({ query: { from, to, date } }, withSignal(signal)));
    },
    staleTime: 60 * 60 * 1000,
  });

/** The receipt's photo as raw bytes, as the route takes it; answers the id of the stored upload (decision 032). */
export async function uploadReceiptImage(groupId: string, file: File): Promise<string> {
  const call = client.api.groups[':groupId']['receipt-images'].$post({ param: { groupId } }, fileBody(file));
  return (await read(call)).imageId;
}

function useRefreshGroup() {
  const queryClient = useQueryClient();
  return async (groupId: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) }),
      queryClient.invalidateQueries({ queryKey: groupKeys.list }),
    ]);
  };
}

export function useCreateExpense(groupId: string) {
  const refresh = useRefreshGroup();
  return useMutation({
    mutationFn: async (body: CreateExpenseBody) =>
      (await read(client.api.groups[':groupId'].expenses.$post({ param: { groupId }, json: body }))).expense,
    // Not awaited: the group's queries are marked stale at once, and the list the wizard goes to fetches itself
    // rather than waiting behind the wizard's own queries being fetched again (decision 069).
    onSuccess: () => void refresh(groupId),
  });
}

export function useUpdateExpense(groupId: string, expenseId: string) {
  const refresh = useRefreshGroup();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateExpenseBody) =>
      (await read(client.api.expenses[':expenseId'].$patch({ param: { expenseId }, json: body }))).expense,
    onSuccess: async (expense) => {
      queryClient.setQueryData(expenseKeys.expense(expenseId), expense);
      await refresh(groupId);
    },
  });
}

export function useDeleteExpense(groupId: string) {
  const refresh = useRefreshGroup();
  return useMutation({
    mutationFn: (expenseId: string) => done(client.api.expenses[':expenseId'].$delete({ param: { expenseId } })),
    onSuccess: () => refresh(groupId),
  });
}
