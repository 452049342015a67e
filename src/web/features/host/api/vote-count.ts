import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { useHostSession } from '../host-session.tsx';

/**
 * How many ballots the poll holds, from the summary the host may always read. Undefined until
 * known (or if it cannot be read): callers then behave as if there were votes.
 */
export function useVoteCount(): number | undefined {
  const { slug, secret } = useHostSession();
  const query = useQuery({
    queryKey: queryKeys.summary(slug),
    queryFn: ({ signal }) =>
      apiCall('getSummary', { params: { slug }, hostSecret: secret, signal }),
  });
  return query.data?.totalVotes;
}
