import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/** GET /polls/{slug}, cached as `poll-{slug}` (spec §4). */
export function pollQueryOptions(slug: string) {
  return queryOptions({
    queryKey: queryKeys.poll(slug),
    queryFn: ({ signal }) => apiCall('getPoll', { params: { slug }, signal }),
  });
}
