import { queryOptions, useMutation } from '@tanstack/react-query';
import { LEADERBOARD_DEFAULT } from '../../../../contract/limits.ts';
import { esQuiz } from '../../../i18n/es-quiz.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';

/**
 * Whether a player of the poll has 'Más tiempo' (issue 27): a live question then closes at
 * twice its limit, and the projector says it waits for them ('Tiempo extra'). Read per run of
 * a question and again when the poll moves (the host's toggle moves it).
 */
export function extraTimeQueryOptions(slug: string, secret: string, run: string) {
  return queryOptions({
    queryKey: ['quiz-extra-time', slug, run] as const,
    queryFn: async ({ signal }) => {
      const progress = await apiCall('homeworkProgress', {
        params: { slug },
        hostSecret: secret,
        signal,
      });
      return progress.players.some((p) => p.moreTime);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The projector's leaderboard, read when a question closed (`round`: the closed questions so
 * far, so each close reads it once and showing it again does not).
 */
export function leaderboardQueryOptions(slug: string, secret: string, round: string) {
  return queryOptions({
    queryKey: ['quiz-leaderboard', slug, round] as const,
    queryFn: ({ signal }) =>
      apiCall('getLeaderboard', {
        params: { slug },
        query: { limit: LEADERBOARD_DEFAULT },
        hostSecret: secret,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Space / → on a running question: the presenter ends it now (the stream brings the close). */
export function useCloseQuestion(slug: string, secret: string) {
  return useMutation({
    mutationFn: (questionId: number) =>
      apiCall('closeQuestion', { params: { slug, questionId }, hostSecret: secret }),
    onError: (error) => notify.error(esQuiz.stage.closeError, { description: error.message }),
  });
}
