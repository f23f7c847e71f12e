import type { QueryClient } from '@tanstack/react-query';
import type { CreateRecurringBody } from '#shared/api/recurring.ts';
import { client, read } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/** Saves a new recurring expense and its first occurrence; the wizard fetches this module only when it does. */
export async function createRecurring(queryClient: QueryClient, groupId: string, body: CreateRecurringBody) {
  const created = await read(
    client.api.groups[':groupId']['recurring-expenses'].$post({ param: { groupId }, json: body }),
  );
  await queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
  await queryClient.invalidateQueries({ queryKey: groupKeys.list });
  return created;
}
