import { useMutation, useQueryClient } from '@tanstack/react-query';
// Types only: these run in the sidebar on every /app page, where zod's runtime would cost ~25 kB of the first load
// (decision 007); the forms that need the schemas load them with their own lazy page or dialog.
import type { CreateGroupBody } from '#shared/api/groups.ts';
import { client, done, fileBody, read } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/** The group's picture as raw bytes, as the route takes it; answers the group with its new image URL. */
export async function uploadGroupImage(groupId: string, file: File) {
  return (await read(client.api.groups[':groupId'].image.$put({ param: { groupId } }, fileBody(file)))).group;
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateGroupBody) => (await read(client.api.groups.$post({ json: body }))).group,
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
      (await read(client.api.groups[':groupId'].$patch({ param: { groupId }, json: { name } }))).group,
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
    mutationFn: () => done(client.api.groups[':groupId'].$delete({ param: { groupId } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

export function useRemoveMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      done(client.api.groups[':groupId'].members[':memberId'].$delete({ param: { groupId, memberId } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

/** After a change to who is in the group: its members, balances and pickers, and the member count on the cards. */
async function refreshGroup(queryClient: ReturnType<typeof useQueryClient>, groupId: string) {
  await queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
  await queryClient.invalidateQueries({ queryKey: groupKeys.list });
}

/** "Lägg till person": a person without an account, by name (decision 056). */
export function useAddPerson(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await read(client.api.groups[':groupId'].people.$post({ param: { groupId }, json: { name } }))).member,
    onSuccess: () => refreshGroup(queryClient, groupId),
  });
}

export function useRenamePerson(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, name }: { memberId: string; name: string }) =>
      (
        await read(
          client.api.groups[':groupId'].people[':memberId'].$patch({ param: { groupId, memberId }, json: { name } }),
        )
      ).member,
    onSuccess: () => refreshGroup(queryClient, groupId),
  });
}

export function useRemovePerson(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      done(client.api.groups[':groupId'].people[':memberId'].$delete({ param: { groupId, memberId } })),
    onSuccess: () => refreshGroup(queryClient, groupId),
  });
}
