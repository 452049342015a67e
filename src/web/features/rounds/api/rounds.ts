import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '../../../../contract/poll.ts';
import type { Leaderboard } from '../../../../contract/quiz.ts';
import type { RoundComparison, RoundList } from '../../../../contract/rounds.ts';
import type { Summary } from '../../../../contract/summary.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/** Issue 27: the rounds' calls. Every list and comparison is keyed by the poll's run (its
 *  resetCount, which every new round moves) and its last change, so a new round on the panel
 *  reaches the results page and the projector through the poll and summary frames they
 *  already receive, with no polling of their own. */
const roundsKey = (slug: string) => [`rounds-${slug}`] as const;

/** What moves when a round starts or the archive changes: read from caches the page keeps
 *  live (never fetched here). */
function useRunMark(slug: string): string {
  const poll = useQuery<Poll>({ queryKey: queryKeys.poll(slug), enabled: false });
  const summary = useQuery<Summary>({ queryKey: queryKeys.summary(slug), enabled: false });
  return `${poll.data?.resetCount ?? ''}:${poll.data?.updatedAt ?? summary.data?.updatedAt ?? ''}`;
}

export function useRoundList(slug: string, secret: string | null) {
  const mark = useRunMark(slug);
  return useQuery({
    queryKey: [...roundsKey(slug), 'list', secret !== null, mark],
    queryFn: () => apiCall('listRounds', { params: { slug }, hostSecret: secret }),
    placeholderData: (previous: RoundList | undefined) => previous,
  });
}

/** One archived round's summary as this caller may see it. */
export function useRoundSummary(slug: string, secret: string | null, round: number | null) {
  return useQuery({
    queryKey: [...roundsKey(slug), 'round', round, secret !== null],
    queryFn: () =>
      apiCall('getSummary', { params: { slug }, query: { round: round! }, hostSecret: secret }),
    enabled: round !== null,
    // An archived round never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useComparison(
  slug: string,
  secret: string | null,
  pair: readonly [number, number] | null,
) {
  const mark = useRunMark(slug);
  const summary = useQuery<Summary>({ queryKey: queryKeys.summary(slug), enabled: false });
  return useQuery({
    // The later round may be the current one: its votes move it (the summary's version).
    queryKey: [
      ...roundsKey(slug),
      'compare',
      pair?.join(','),
      secret !== null,
      mark,
      summary.dataUpdatedAt,
    ],
    queryFn: async () =>
      (await apiCall('getSummary', {
        params: { slug },
        query: { compare: pair!.join(',') },
        hostSecret: secret,
      })) as unknown as RoundComparison,
    enabled: pair !== null,
    placeholderData: (previous: RoundComparison | undefined) => previous,
  });
}

/** A quiz's standings in one round as it closed (the current round: as they stand now, moving
 *  with the summary's version). `round` null: not a quiz, nothing read. */
export function useRoundLeaderboard(
  slug: string,
  secret: string | null,
  round: number | null,
  limit: number,
) {
  const summary = useQuery<Summary>({ queryKey: queryKeys.summary(slug), enabled: false });
  const mark = useRunMark(slug);
  return useQuery({
    queryKey: [
      ...roundsKey(slug),
      'leaderboard',
      round,
      limit,
      secret !== null,
      mark,
      summary.dataUpdatedAt,
    ],
    queryFn: () =>
      apiCall('getLeaderboard', {
        params: { slug },
        query: { round: round!, limit },
        hostSecret: secret,
      }),
    enabled: round !== null,
    placeholderData: (previous: Leaderboard | undefined) => previous,
  });
}

/** Whether the poll is a quiz, read from the poll the page keeps live. */
export function useIsQuiz(slug: string): boolean {
  const poll = useQuery<Poll>({ queryKey: queryKeys.poll(slug), enabled: false });
  return poll.data?.settings.quiz ?? false;
}

function useRoundMutation<T>(slug: string, call: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: roundsKey(slug) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.poll(slug) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.summary(slug) });
    },
  });
}

export const useStartRound = (slug: string, secret: string) =>
  useRoundMutation(slug, () => apiCall('startRound', { params: { slug }, hostSecret: secret }));
export const useDeleteRounds = (slug: string, secret: string) =>
  useRoundMutation(slug, () => apiCall('deleteRounds', { params: { slug }, hostSecret: secret }));
export const useRestoreRounds = (slug: string, secret: string) =>
  useRoundMutation(slug, () => apiCall('restoreRounds', { params: { slug }, hostSecret: secret }));
