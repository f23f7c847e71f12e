import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupInvite } from '#shared/api/invites.ts';
import { client, done, read, withSignal } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

const inviteKey = (groupId: string) => [...groupKeys.group(groupId), 'invite'] as const;

/** The owner's invite dialog: code, joining switch and the one working link. */
export const groupInviteQuery = (groupId: string) =>
  queryOptions({
    queryKey: inviteKey(groupId),
    queryFn: ({ signal }) =>
      read(client.api.groups[':groupId'].invite.$get({ param: { groupId } }, withSignal(signal))),
  });

export function useInviteActions(groupId: string) {
  const queryClient = useQueryClient();
  const update = (change: (invite: GroupInvite) => GroupInvite) =>
    queryClient.setQueryData<GroupInvite>(inviteKey(groupId), (invite) => (invite ? change(invite) : invite));

  const create = useMutation({
    mutationFn: async () => (await read(client.api.groups[':groupId'].invites.$post({ param: { groupId } }))).link,
    onSuccess: (link) => update((invite) => ({ ...invite, link })),
  });
  const revoke = useMutation({
    mutationFn: (token: string) => done(client.api.invites[':token'].revoke.$post({ param: { token } })),
    onSuccess: () => update((invite) => ({ ...invite, link: null })),
  });
  const setJoining = useMutation({
    mutationFn: (invitesEnabled: boolean) =>
      done(client.api.groups[':groupId'].invite.$patch({ param: { groupId }, json: { invitesEnabled } })),
    onSuccess: (_, invitesEnabled) => update((invite) => ({ ...invite, invitesEnabled })),
  });
  return { create, revoke, setJoining };
}
