import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * GET /polls/{slug}/host: asks the server whether `code` is this poll's presenter code before
 * the panel unlocks with it. Changes nothing, so nothing cached changes either.
 */
export function useCheckHostCode(slug: string) {
  return useMutation({
    mutationFn: (code: string) => apiCall('checkHost', { params: { slug }, hostSecret: code }),
  });
}
