import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '../../../../contract/poll.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { useHostSession } from '../host-session.tsx';
import { patchPoll, summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

type Order = { id: number; ordinal: number }[];

/**
 * PATCH /polls/{slug}/questions/reorder. Optimistic: a dropped card must stay where it was
 * dropped, not jump back for a round trip; on failure the previous order comes back.
 */
export function useReorderQuestions() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  const key = queryKeys.poll(slug);
  return useMutation({
    mutationFn: (order: Order) =>
      apiCall('reorderQuestions', { params: { slug }, body: { order }, hostSecret: secret }),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Poll>(key);
      const ordinals = new Map(order.map(({ id, ordinal }) => [id, ordinal]));
      patchPoll(queryClient, slug, (poll) => ({
        ...poll,
        questions: poll.questions.map((q) => ({ ...q, ordinal: ordinals.get(q.id) ?? q.ordinal })),
      }));
      return { previous };
    },
    onError: (error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyError(error);
    },
    onSuccess: (questions) => {
      patchPoll(queryClient, slug, (poll) => ({ ...poll, questions }));
      void summaryChanged(queryClient, slug);
    },
  });
}
