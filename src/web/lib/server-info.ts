import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './api-client.ts';
import { queryKeys } from './query.ts';

/** Where other devices can reach the server; it does not change while the server runs. */
export function serverInfoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.serverInfo,
    queryFn: ({ signal }) => apiCall('serverInfo', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
