import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchQuestion, replaceOption, summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

type Variables = { questionId: number; optionId: number; text: string };

/** PUT /options/{id}. */
export function useUpdateOption() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ optionId, text }: Variables) =>
      apiCall('updateOption', { params: { id: optionId }, body: { text }, hostSecret: secret }),
    onSuccess: (option, { questionId }) => {
      patchQuestion(queryClient, slug, questionId, (q) => replaceOption(q, option));
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
