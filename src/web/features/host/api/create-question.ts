import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../contract/limits.ts';
import type { CreateQuestionBody } from '../../../../contract/poll.ts';
import { useRequestKey } from '../../../lib/action-key.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchPoll, settlePoll, summaryChanged, withQuestion } from './cache.ts';
import { notifyError } from './notify-error.ts';

/** POST /polls/{slug}/questions; the created question is put in the cached poll once,
 *  whether or not a refetch or a live frame brought it in first. */
export function useCreateQuestion() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  // A double click on 'Agregar pregunta' sends one key twice: one question (issue 24).
  const keyFor = useRequestKey();
  return useMutation({
    mutationFn: (body: CreateQuestionBody) =>
      apiCall('createQuestion', {
        params: { slug },
        body,
        hostSecret: secret,
        headers: { [IDEMPOTENCY_HEADER]: keyFor([slug, body]) },
      }),
    onSuccess: (question) => {
      patchPoll(queryClient, slug, (poll) => withQuestion(poll, question));
      settlePoll(queryClient, slug);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
