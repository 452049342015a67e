import { queryOptions, useQuery } from '@tanstack/react-query';
import { RESULTS_POLL_INTERVAL_MS } from '../../../../contract/limits.ts';
import type { Presence } from '../../../../contract/live-events.ts';
import type { Poll } from '../../../../contract/poll.ts';
import type { Summary } from '../../../../contract/summary.ts';
import { apiCall, isApiError } from '../../../lib/api-client.ts';
import { type LiveStatus, useLiveStream } from '../../../lib/live-stream.ts';
import { queryKeys } from '../../../lib/query.ts';

export type PresenterFeed = {
  poll: Poll | undefined;
  summary: Summary | undefined;
  /** People with the participation page open; unknown until the host stream says. */
  participants: number | null;
  stream: LiveStatus;
  /** The poll does not exist, or the code is not this poll's. */
  failure: 'not-found' | 'forbidden' | null;
};

/** Fallback reads while the stream is down; the stream writes the same keys when it is live. */
function pollOptions(slug: string, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.poll(slug),
    queryFn: ({ signal }) => apiCall('getPoll', { params: { slug }, signal }),
    enabled,
    refetchInterval: RESULTS_POLL_INTERVAL_MS,
    retry: false,
  });
}

function summaryOptions(slug: string, secret: string, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.summary(slug),
    queryFn: ({ signal }) =>
      apiCall('getSummary', { params: { slug }, hostSecret: secret, signal }),
    enabled,
    refetchInterval: RESULTS_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/**
 * What the presenter view shows, all through the host's event stream (poll, summary with every
 * count, presence): no polling while it is live. While it is down, the poll and summary are read
 * every 2.5 s like the results page; presence then keeps its last value.
 */
export function usePresenterFeed(slug: string, secret: string): PresenterFeed {
  const stream = useLiveStream(slug, { hostSecret: secret });
  const down = stream === 'down';
  const poll = useQuery(pollOptions(slug, down));
  const summary = useQuery(summaryOptions(slug, secret, down));
  const presence = useQuery<Presence>({
    queryKey: queryKeys.presence(slug),
    queryFn: () => Promise.reject(new Error('written by the stream only')),
    enabled: false,
  });
  const errors = [poll.error, summary.error].filter(isApiError);
  const failure = errors.some((e) => e.status === 404)
    ? 'not-found'
    : errors.some((e) => e.status === 403)
      ? 'forbidden'
      : null;
  return {
    poll: poll.data,
    summary: summary.data,
    participants: presence.data?.participants ?? null,
    stream,
    failure,
  };
}
