import { infiniteQueryOptions } from '@tanstack/react-query';
import { client, read, withSignal } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/** The group's Händelser page by page, newest first; under the group's key, so every live change refreshes it. */
export const activityPagesQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: [...groupKeys.group(groupId), 'events'] as const,
    queryFn: ({ signal, pageParam }) =>
      read(
        client.api.groups[':groupId'].events.$get(
          { param: { groupId }, query: { cursor: pageParam ?? undefined } },
          withSignal(signal),
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
