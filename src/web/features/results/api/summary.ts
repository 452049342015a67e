import { queryOptions } from '@tanstack/react-query';
import { RESULTS_POLL_INTERVAL_MS } from '../../../../contract/limits.ts';
import { apiCall, isApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/**
 * The results summary. The event stream writes it under the same key; these options are the
 * fallback when the stream is down: polled every 2.5 s while the page is visible (spec §4). With
 * the host's secret the server shows private results too, so the presenter can project them.
 */
export function summaryQueryOptions(slug: string, hostSecret: string | null) {
  return queryOptions({
    queryKey: queryKeys.summary(slug),
    queryFn: ({ signal }) => apiCall('getSummary', { params: { slug }, hostSecret, signal }),
    // A missing poll will not appear by asking again; anything else (a private poll being
    // closed, a dropped Wi-Fi) may, so keep polling through it.
    refetchInterval: (query) =>
      isApiError(query.state.error) && query.state.error.status === 404
        ? false
        : RESULTS_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    // The interval is the retry: a failed poll shows 'Sin conexión' at once instead of after
    // several silent back-off attempts.
    retry: false,
  });
}
