import { queryOptions } from '@tanstack/react-query';
import { client, read, withSignal } from '../../lib/api.ts';

export const statisticsQuery = queryOptions({
  queryKey: ['statistics'] as const,
  queryFn: ({ signal }) => read(client.api.statistics.$get(undefined, withSignal(signal))),
});
