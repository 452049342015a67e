import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { useHostSession } from '../host-session.tsx';
import { summaryChanged } from './cache.ts';
import { integrityKey } from './integrity.ts';
import { notifyError } from './notify-error.ts';

/**
 * POST /polls/{slug}/reset. The counts, the ballots' sources (the 'Integridad' card) and the
 * poll itself (its run, resetCount) change.
 */
export function useResetVotes() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('resetVotes', { params: { slug }, hostSecret: secret }),
    onSuccess: () => {
      void summaryChanged(queryClient, slug);
      void queryClient.invalidateQueries({ queryKey: integrityKey(slug) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.poll(slug) });
    },
    onError: notifyError,
  });
}
