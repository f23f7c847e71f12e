import { queryOptions } from '@tanstack/react-query';
import { client, read, withSignal } from '../api.ts';

/** The one key of the signed-in person's profile, read by the settings page and by the plan choice. */
export const profileKey = ['account', 'profile'] as const;

export const profileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: ({ signal }) => read(client.api.account.profile.$get(undefined, withSignal(signal))),
});
