import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchQuestion, summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

type Variables = { questionId: number; resultsHidden: boolean };

/** PUT /questions/{id} {resultsHidden}: hide a question's results from everyone but the host,
 *  or reveal them; every open screen follows through the stream. */
export function useRevealQuestion() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, resultsHidden }: Variables) =>
      apiCall('updateQuestion', {
        params: { id: questionId },
        body: { resultsHidden },
        hostSecret: secret,
      }),
    onSuccess: (question) => {
      patchQuestion(queryClient, slug, question.id, () => question);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
