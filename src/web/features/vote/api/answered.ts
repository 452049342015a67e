import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/**
 * What the server knows this participant (its cookie) already answered, read once per page:
 * a page reopened after voting (a second scan of the QR opens a new tab) shows the thanks, or
 * asks only what is left, instead of a form the server would refuse. Refreshed after a refusal.
 */
export function answeredQueryOptions(slug: string, run: number) {
  return queryOptions({
    // Per run of the poll (resetCount): after a reset the participant has answered nothing.
    queryKey: [...queryKeys.answered(slug), run],
    // The whole response, as the presenter pace's view reads the same key.
    queryFn: ({ signal }) => apiCall('participantState', { params: { slug }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
