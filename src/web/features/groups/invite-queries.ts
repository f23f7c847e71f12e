import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createInviteResponse, groupInviteResponse, type GroupInvite } from '#shared/api/invites.ts';
import { api } from '../../lib/api.ts';
import { groupKeys } from './queries.ts';

const inviteKey = (groupId: string) => [...groupKeys.group(groupId), 'invite'] as const;

/** The owner's invite dialog: code, joining switch and the one working link. */
export const groupInviteQuery = (groupId: string) =>
  queryOptions({
    queryKey: inviteKey(groupId),
    queryFn: ({ signal }): Promise<GroupInvite> =>
      api.get(`/api/groups/${groupId}/invite`, { signal, parse: (data) => groupInviteResponse.parse(data) }),
  });

export function useInviteActions(groupId: string) {
  const queryClient = useQueryClient();
  const update = (change: (invite: GroupInvite) => GroupInvite) =>
    queryClient.setQueryData<GroupInvite>(inviteKey(groupId), (invite) => (invite ? change(invite) : invite));

  const create = useMutation({
    mutationFn: async () =>
      (await api.post(`/api/groups/${groupId}/invites`, {}, { parse: (data) => createInviteResponse.parse(data) }))
        .link,
    onSuccess: (link) => update((invite) => ({ ...invite, link })),
  });
  const revoke = useMutation({
    mutationFn: (token: string) => api.post<null>(`/api/invites/${token}/revoke`),
    onSuccess: () => update((invite) => ({ ...invite, link: null })),
  });
  const setJoining = useMutation({
    mutationFn: (invitesEnabled: boolean) => api.patch<null>(`/api/groups/${groupId}/invite`, { invitesEnabled }),
    onSuccess: (_, invitesEnabled) => update((invite) => ({ ...invite, invitesEnabled })),
  });
  return { create, revoke, setJoining };
}
