import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { LEADERBOARD_MAX } from '../../../../contract/limits.ts';
import { esQuizPlayers } from '../../../i18n/es-quiz-players.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';

/**
 * The host's list of players (issue 25): the leaderboard at its longest, read again whenever
 * the poll moves (`version`: its updatedAt, which a join, a rename, a removal and a close move).
 */
export function playersQueryOptions(slug: string, secret: string, version: string) {
  return queryOptions({
    queryKey: ['quiz-players', slug, version] as const,
    queryFn: ({ signal }) =>
      apiCall('getLeaderboard', {
        params: { slug },
        query: { limit: LEADERBOARD_MAX },
        hostSecret: secret,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function usePlayersChange<T>(slug: string, call: (input: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      notify.success(done);
      void queryClient.invalidateQueries({ queryKey: ['quiz-players', slug] });
    },
    onError: (error) => notify.error(esQuizPlayers.failed, { description: error.message }),
  });
}

/** PATCH /polls/{slug}/players/{nickname} {nickname}. */
export function useRenamePlayer(slug: string, secret: string) {
  return usePlayersChange(
    slug,
    ({ nickname, to }: { nickname: string; to: string }) =>
      apiCall('renamePlayer', {
        params: { slug, nickname },
        body: { nickname: to },
        hostSecret: secret,
      }),
    esQuizPlayers.renamed,
  );
}

/** DELETE /polls/{slug}/players/{nickname}. */
export function useRemovePlayer(slug: string, secret: string) {
  return usePlayersChange(
    slug,
    (nickname: string) =>
      apiCall('removePlayer', { params: { slug, nickname }, hostSecret: secret }),
    esQuizPlayers.removed,
  );
}
