import { useQuery } from '@tanstack/react-query';
import type { Summary } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { getHostSecret } from '../../../lib/storage.ts';
import { summaryQueryOptions } from './summary.ts';

export type Connection = 'live' | 'offline';

export type ResultsFeed = {
  summary: Summary | undefined;
  /** The last failure, cleared by the next success. */
  error: ApiError | null;
  connection: Connection;
  lastUpdate: Date | null;
  isPending: boolean;
};

/** Statuses that are answers, not outages: the server is reachable and said no. */
const ANSWERS = new Set([403, 404]);

/**
 * Everything the results page needs to stay current. Today it polls; server-sent events can
 * replace the transport behind this same shape.
 */
export function useResultsFeed(slug: string): ResultsFeed {
  const query = useQuery(summaryQueryOptions(slug, getHostSecret(slug)));
  // apiCall only throws ApiError; anything else is a bug worth showing as an unknown failure.
  const error = isApiError(query.error)
    ? query.error
    : query.error
      ? new ApiError(es.api.unknown, 'UNKNOWN_ERROR', 0)
      : null;
  // A paused fetch means the browser itself says it is offline.
  const offline = query.fetchStatus === 'paused' || (error !== null && !ANSWERS.has(error.status));
  return {
    summary: query.data,
    error,
    connection: offline ? 'offline' : 'live',
    lastUpdate: query.dataUpdatedAt > 0 ? new Date(query.dataUpdatedAt) : null,
    isPending: query.isPending && query.fetchStatus !== 'paused',
  };
}
