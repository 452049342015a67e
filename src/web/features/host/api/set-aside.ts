import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { summaryChanged } from './cache.ts';
import { integrityKey } from './integrity.ts';
import { notifyError } from './notify-error.ts';

/** POST /polls/{slug}/discard/restore: every ballot set aside comes back (issue 24). */
export function useRestoreDiscarded() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall('restoreDiscarded', { params: { slug }, body: {}, hostSecret: secret }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: integrityKey(slug) });
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}

/** POST /polls/{slug}/discard/empty: what was set aside is dropped for good. */
export function useEmptyDiscarded() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('emptyDiscarded', { params: { slug }, hostSecret: secret }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrityKey(slug) }),
    onError: notifyError,
  });
}
