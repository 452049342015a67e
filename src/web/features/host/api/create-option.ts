import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../contract/limits.ts';
import { useRequestKey } from '../../../lib/action-key.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchQuestion, settlePoll, summaryChanged, withOption } from './cache.ts';
import { notifyError } from './notify-error.ts';

type Variables = { questionId: number; text: string; ordinal: number };

/** POST /questions/{id}/options with ordinal = max + 1 (spec §7). */
export function useCreateOption() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  const keyFor = useRequestKey();
  return useMutation({
    mutationFn: ({ questionId, text, ordinal }: Variables) =>
      apiCall('createOption', {
        params: { id: questionId },
        body: { text, ordinal },
        hostSecret: secret,
        headers: { [IDEMPOTENCY_HEADER]: keyFor([questionId, text, ordinal]) },
      }),
    onSuccess: (option, { questionId }) => {
      patchQuestion(queryClient, slug, questionId, (q) => withOption(q, option));
      settlePoll(queryClient, slug);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
