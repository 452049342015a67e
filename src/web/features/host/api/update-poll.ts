import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePollBody } from '../../../../contract/poll.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { useHostSession } from '../host-session.tsx';
import { summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

/** PATCH /polls/{slug}: title, status or settings. The response is the whole poll. */
export function useUpdatePoll() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePollBody) =>
      apiCall('updatePoll', { params: { slug }, body, hostSecret: secret }),
    onSuccess: (poll) => {
      queryClient.setQueryData(queryKeys.poll(slug), poll);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
