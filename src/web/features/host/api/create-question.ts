import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuestionBody } from '../../../../contract/poll.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchPoll, settlePoll, summaryChanged, withQuestion } from './cache.ts';
import { notifyError } from './notify-error.ts';

/** POST /polls/{slug}/questions; the created question is put in the cached poll once,
 *  whether or not a refetch or a live frame brought it in first. */
export function useCreateQuestion() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestionBody) =>
      apiCall('createQuestion', { params: { slug }, body, hostSecret: secret }),
    onSuccess: (question) => {
      patchPoll(queryClient, slug, (poll) => withQuestion(poll, question));
      settlePoll(queryClient, slug);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
