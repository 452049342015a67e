import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { removeHostSecret } from '../../../lib/storage.ts';
import { useHostSession } from '../host-session.tsx';
import { notifyError } from './notify-error.ts';

/**
 * DELETE /polls/{slug} (issue 24): erases the poll. Its code leaves this browser's storage, so
 * 'Mis encuestas' no longer lists it, and its cached reads are dropped.
 */
export function useDeletePoll() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('deletePoll', { params: { slug }, hostSecret: secret }),
    onSuccess: () => {
      removeHostSecret(slug);
      queryClient.removeQueries({ queryKey: queryKeys.poll(slug) });
      queryClient.removeQueries({ queryKey: queryKeys.summary(slug) });
    },
    onError: notifyError,
  });
}
