import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

/** POST /polls/{slug}/reset. Only the counts change, so only the summary is refetched. */
export function useResetVotes() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('resetVotes', { params: { slug }, hostSecret: secret }),
    onSuccess: () => summaryChanged(queryClient, slug),
    onError: notifyError,
  });
}
