import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { useHostSession } from '../host-session.tsx';

/** The summary as the host sees it (counts even of hidden results). */
function useHostSummary() {
  const { slug, secret } = useHostSession();
  const query = useQuery({
    queryKey: queryKeys.summary(slug),
    queryFn: ({ signal }) =>
      apiCall('getSummary', { params: { slug }, hostSecret: secret, signal }),
  });
  return query;
}

/**
 * How many ballots the poll holds, from the summary the host may always read. Undefined until
 * known (or if it cannot be read): callers then behave as if there were votes.
 */
export function useVoteCount(): number | undefined {
  const query = useHostSummary();
  return query.data?.totalVotes;
}

/**
 * How many answers of a scale question are above `max` (those lowering the maximum deletes), from
 * the host's summary. Undefined until known: the caller then warns without a number.
 */
export function useScaleAnswersAbove(questionId: number, max: number): number | undefined {
  const query = useHostSummary();
  const values = query.data?.questions.find((q) => q.id === questionId)?.values;
  return values?.reduce((sum, v) => (v.value > max ? sum + v.count : sum), 0);
}
