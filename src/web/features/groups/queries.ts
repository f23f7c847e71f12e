import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
// Types only: these queries run in the sidebar on every /app page, where zod's runtime would cost ~25 kB of the first
// load (decision 007); the forms that need the schemas load them with their own lazy page or dialog.
import type { CreateGroupBody, GroupDetail, GroupSummary, Member } from '#shared/api/groups.ts';
import { isErrorCode } from '#shared/errors.ts';
import { api, ApiError, NETWORK_FAILURE } from '../../lib/api.ts';

/**
 * Query keys. Everything about one group lives under ['group', id, …] so that a live change in that group (and the
 * group page's own refresh) refreshes it at once, whichever feature asked for it (decision 013).
 */
export const groupKeys = {
  list: ['groups'] as const,
  group: (groupId: string) => ['group', groupId] as const,
  detail: (groupId: string) => ['group', groupId, 'detail'] as const,
  members: (groupId: string) => ['group', groupId, 'members'] as const,
};

export const groupsQuery = queryOptions({
  queryKey: groupKeys.list,
  queryFn: async ({ signal }): Promise<GroupSummary[]> =>
    (await api.get<{ groups: GroupSummary[] }>('/api/groups', { signal })).groups,
});

export const groupQuery = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.detail(groupId),
    queryFn: async ({ signal }): Promise<GroupDetail> =>
      (await api.get<{ group: GroupDetail }>(`/api/groups/${groupId}`, { signal })).group,
  });

export const membersQuery = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: async ({ signal }): Promise<Member[]> =>
      (await api.get<{ members: Member[] }>(`/api/groups/${groupId}/members`, { signal })).members,
  });

/** Raw image bytes, as the server wants them (the shared client only sends JSON). Failures become ApiError too. */
export async function uploadGroupImage(groupId: string, file: File): Promise<GroupDetail> {
  let response: Response;
  try {
    response = await fetch(`/api/groups/${groupId}/image`, {
      method: 'PUT',
      body: file,
      headers: { 'content-type': file.type, accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(NETWORK_FAILURE, 'INTERNAL');
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return (data as { group: GroupDetail }).group;
  const code = (data as { error?: { code?: unknown } } | null)?.error?.code;
  throw new ApiError(response.status, isErrorCode(code) ? code : 'INTERNAL');
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateGroupBody) => (await api.post<{ group: GroupDetail }>('/api/groups', body)).group,
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, name }: { groupId: string; name: string }) =>
      (await api.patch<{ group: GroupDetail }>(`/api/groups/${groupId}`, { name })).group,
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

/** Marks a deletion in flight, so the page of the group being deleted does not report its 404 as an error. */
export const deleteGroupKey = (groupId: string) => ['delete-group', groupId] as const;

export function useDeleteGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteGroupKey(groupId),
    mutationFn: async () => api.delete<null>(`/api/groups/${groupId}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

export function useRemoveMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memberId: string) => api.delete<null>(`/api/groups/${groupId}/members/${memberId}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}
