import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchPoll, settlePoll, summaryChanged, withoutQuestion } from './cache.ts';
import { notifyError } from './notify-error.ts';

/** DELETE /questions/{id}; its options and votes go with it on the server. */
export function useDeleteQuestion() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: number) =>
      apiCall('deleteQuestion', { params: { id: questionId }, hostSecret: secret }),
    onSuccess: (_, questionId) => {
      patchPoll(queryClient, slug, (poll) => withoutQuestion(poll, questionId));
      settlePoll(queryClient, slug);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
