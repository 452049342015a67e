import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveEvent } from '../../../../contract/live-events.ts';
import type { Poll, PollStatus } from '../../../../contract/poll.ts';
import type { Summary } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { ApiError, apiCall, isApiError } from '../../../lib/api-client.ts';
import { type LiveStatus, useLiveStream } from '../../../lib/live-stream.ts';
import { queryKeys } from '../../../lib/query.ts';
import { getHostSecret } from '../../../lib/storage.ts';
import { summaryQueryOptions } from './summary.ts';

export type Connection = 'live' | 'offline';

export type ResultsFeed = {
  summary: Summary | undefined;
  /** The poll (title, status), pushed by the stream or fetched while it is down. */
  poll: Poll | undefined;
  /** The poll's status; undefined if it could not be read, null while it is still coming. */
  pollStatus: PollStatus | null | undefined;
  /** Whether this browser holds the presenter code (the host sees private results). */
  host: boolean;
  /** The last failure, cleared by the next success. */
  error: ApiError | null;
  connection: Connection;
  /** How updates arrive now; the page shows `connection`, tests and debugging read this. */
  stream: LiveStatus;
  lastUpdate: Date | null;
  isPending: boolean;
};

/** Statuses that are answers, not outages: the server is reachable and said no. */
const ANSWERS = new Set([403, 404]);

/**
 * The stream sends `summary` right after `poll` when this viewer may see results. If none comes
 * within this wait, ask once with a GET: it says 403 for private results (the page needs that
 * answer), or brings results the stream does not push (a poll just closed, a question renamed).
 */
export const SUMMARY_AFTER_POLL_MS = 500;

/**
 * Everything the results page needs to stay current. Results come by push while the stream is
 * live; while it is down the spec's 2.5 s polling takes over (the stream keeps reconnecting), and
 * while it is connecting nothing is polled, since the stream brings the state at once.
 */
export function useResultsFeed(slug: string): ResultsFeed {
  const hostSecret = getHostSecret(slug);
  const queryClient = useQueryClient();
  const options = summaryQueryOptions(slug, hostSecret);
  const checkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stream = useLiveStream(slug, {
    hostSecret,
    onEvent: (event: LiveEvent) => {
      clearTimeout(checkTimer.current);
      // A frame's kind (not a question's type): only a changed poll may change the summary.
      if (event.type !== 'poll') return;
      checkTimer.current = setTimeout(() => {
        // The outcome (data or error) lands in the query state the page reads.
        queryClient.fetchQuery(options).catch(() => {});
      }, SUMMARY_AFTER_POLL_MS);
    },
  });
  useEffect(() => () => clearTimeout(checkTimer.current), []);

  const query = useQuery({ ...options, enabled: stream === 'down' });
  const poll = useQuery({
    queryKey: queryKeys.poll(slug),
    queryFn: ({ signal }) => apiCall('getPoll', { params: { slug }, signal }),
    enabled: stream === 'down',
    retry: false,
  });
  const streamLive = stream === 'live';
  // apiCall only throws ApiError; anything else is a bug worth showing as an unknown failure.
  const failure = isApiError(query.error)
    ? query.error
    : query.error
      ? new ApiError(es.api.unknown, 'UNKNOWN_ERROR', 0)
      : null;
  const outage = failure !== null && !ANSWERS.has(failure.status);
  // A failed poll from before the stream came back is history: the stream is the news now.
  const error = streamLive && outage ? null : failure;
  // A paused fetch means the browser itself says it is offline.
  const offline = !streamLive && (query.fetchStatus === 'paused' || outage);
  return {
    summary: query.data,
    poll: poll.data,
    pollStatus: poll.data ? poll.data.status : poll.isError ? undefined : null,
    host: hostSecret !== null,
    error,
    connection: offline ? 'offline' : 'live',
    stream,
    lastUpdate: query.dataUpdatedAt > 0 ? new Date(query.dataUpdatedAt) : null,
    isPending: query.isPending && query.fetchStatus !== 'paused',
  };
}
