import { queryOptions } from '@tanstack/react-query';
import { client, read, withSignal } from '../api.ts';

/**
 * The one home of the group queries that several features read (the group page, the wizard, the sidebar): features
 * may not import each other, so what they share lives here. Everything about one group lives under ['group', id, …],
 * so a live change in that group, or a saved expense, refreshes it wherever it is shown (decision 013).
 */
export const groupKeys = {
  list: ['groups'] as const,
  /** Under `list`, so every live change that refreshes the group list refreshes the totals too. */
  overview: ['groups', 'overview'] as const,
  /** Every query of one group; invalidate this after a change in the group. */
  group: (groupId: string) => ['group', groupId] as const,
  detail: (groupId: string) => ['group', groupId, 'detail'] as const,
  members: (groupId: string) => ['group', groupId, 'members'] as const,
};

/** The caller's groups, latest change first (the /app cards and the sidebar). */
export const groupsQuery = queryOptions({
  queryKey: groupKeys.list,
  queryFn: async ({ signal }) => (await read(client.api.groups.$get(undefined, withSignal(signal)))).groups,
});

/** What the caller owes and is owed across all their groups (the /app summary). */
export const overviewQuery = queryOptions({
  queryKey: groupKeys.overview,
  queryFn: ({ signal }) => read(client.api.overview.$get(undefined, withSignal(signal))),
});

export const groupQuery = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.detail(groupId),
    queryFn: async ({ signal }) =>
      (await read(client.api.groups[':groupId'].$get({ param: { groupId } }, withSignal(signal)))).group,
  });

/** Every membership of the group, removed ones marked. */
export const membersQuery = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: async ({ signal }) =>
      (await read(client.api.groups[':groupId'].members.$get({ param: { groupId } }, withSignal(signal)))).members,
  });
