import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/** While a poll is still a draft, look again now and then so waiting participants see it open. */
const DRAFT_RECHECK_MS = 5000;

export function pollQueryOptions(slug: string) {
  return queryOptions({
    queryKey: queryKeys.poll(slug),
    queryFn: ({ signal }) => apiCall('getPoll', { params: { slug }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'draft' ? DRAFT_RECHECK_MS : false),
  });
}
