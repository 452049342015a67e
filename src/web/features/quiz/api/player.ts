import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParticipantState } from '../../../../contract/poll.ts';
import { apiCall, codeOf, isApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/**
 * GET /polls/{slug}/me: this player (participant cookie) as the server knows it: nickname,
 * answers, score, rank and the outcome of each closed question. The same key as the vote
 * page's 'answered' list (it is the same response), so a reload shows what was answered.
 */
export function playerQueryOptions(slug: string) {
  return queryOptions({
    queryKey: queryKeys.answered(slug),
    queryFn: ({ signal }) => apiCall('participantState', { params: { slug }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** PUT /polls/{slug}/me {nickname}: the server trims it and answers with what it kept. */
export function useSetNickname(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) =>
      apiCall('setNickname', { params: { slug }, body: { nickname } }),
    onSuccess: ({ nickname }) => {
      queryClient.setQueryData<ParticipantState>(queryKeys.answered(slug), (state) =>
        state ? { ...state, nickname } : state,
      );
      // Rank and the number of players changed with this player: read them again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.answered(slug) });
    },
  });
}

/** The server's own code of a refusal (ApiError.code is the status text, spec §8). */
export function refusalCode(error: unknown): string | undefined {
  return isApiError(error) ? codeOf(error.details) : undefined;
}
