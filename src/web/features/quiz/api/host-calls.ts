import { queryOptions, useMutation } from '@tanstack/react-query';
import { LEADERBOARD_DEFAULT } from '../../../../contract/limits.ts';
import { esQuiz } from '../../../i18n/es-quiz.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';

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
