import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import type { LiveStatus } from '../../../lib/live-stream.ts';
import { queryKeys } from '../../../lib/query.ts';

/** While a poll is still a draft, look again now and then so waiting participants see it open. */
const DRAFT_RECHECK_MS = 5000;

/**
 * The poll a participant answers. The event stream writes it under the same key and follows
 * every change; only while the stream is down is it fetched here, re-checked every 5 s while it
 * is a draft. While the stream connects nothing is fetched: its first frame is the poll.
 */
export function pollQueryOptions(slug: string, stream: LiveStatus) {
  return queryOptions({
    queryKey: queryKeys.poll(slug),
    queryFn: ({ signal }) => apiCall('getPoll', { params: { slug }, signal }),
    enabled: stream === 'down',
    refetchInterval: (query) => (query.state.data?.status === 'draft' ? DRAFT_RECHECK_MS : false),
  });
}
