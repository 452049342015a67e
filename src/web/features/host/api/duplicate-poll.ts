import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { saveHostSecret } from '../../../lib/storage.ts';
import { useHostSession } from '../host-session.tsx';
import { notifyError } from './notify-error.ts';

/**
 * POST /polls/{slug}/duplicate. Nothing cached changes (the copy is a new poll); its secret is
 * stored right away so its panel opens unlocked.
 */
export function useDuplicatePoll() {
  const { slug, secret } = useHostSession();
  return useMutation({
    mutationFn: () => apiCall('duplicatePoll', { params: { slug }, hostSecret: secret }),
    onSuccess: (copy) => saveHostSecret(copy.slug, copy.host_secret),
    onError: notifyError,
  });
}
