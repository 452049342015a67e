import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchQuestion, settlePoll, summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

type Variables = { questionId: number; optionId: number };

/** DELETE /options/{id}. */
export function useDeleteOption() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ optionId }: Variables) =>
      apiCall('deleteOption', { params: { id: optionId }, hostSecret: secret }),
    onSuccess: (_, { questionId, optionId }) => {
      patchQuestion(queryClient, slug, questionId, (q) => ({
        ...q,
        options: q.options.filter((o) => o.id !== optionId),
      }));
      settlePoll(queryClient, slug);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
