import { queryOptions } from '@tanstack/react-query';
import { statisticsResponse, type StatisticsResponse } from '#shared/api/statistics.ts';
import { api } from '../../lib/api.ts';

export const statisticsQuery = queryOptions({
  queryKey: ['statistics'] as const,
  queryFn: ({ signal }): Promise<StatisticsResponse> =>
    api.get('/api/statistics', { signal, parse: (data) => statisticsResponse.parse(data) }),
});
