import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuestionBody } from '../../../../contract/poll.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchPoll, summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

/** POST /polls/{slug}/questions; the created question is appended to the cached poll. */
export function useCreateQuestion() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestionBody) =>
      apiCall('createQuestion', { params: { slug }, body, hostSecret: secret }),
    onSuccess: (question) => {
      patchPoll(queryClient, slug, (poll) => ({
        ...poll,
        questions: [...poll.questions, question],
      }));
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
