import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../contract/limits.ts';
import type { CreatePollBody } from '../../../../contract/poll.ts';
import { useRequestKey } from '../../../lib/action-key.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { saveHostSecret } from '../../../lib/storage.ts';

/**
 * POST /polls. The secret is stored before anyone navigates, so the host panel opens unlocked;
 * the new poll seeds its `poll-{slug}` cache entry (the response is the full poll) so the panel
 * shows without a second round trip.
 */
export function useCreatePoll() {
  const queryClient = useQueryClient();
  const keyFor = useRequestKey();
  return useMutation({
    mutationFn: (body: CreatePollBody) =>
      apiCall('createPoll', { body, headers: { [IDEMPOTENCY_HEADER]: keyFor(body) } }),
    onSuccess: ({ host_secret: secret, ...poll }) => {
      saveHostSecret(poll.slug, secret);
      queryClient.setQueryData(queryKeys.poll(poll.slug), poll);
    },
  });
}
