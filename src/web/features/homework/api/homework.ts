import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../../contract/poll.ts';
import { esHomework } from '../../../i18n/es-homework.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { notify } from '../../../lib/toast.ts';

/** Players answer at their own pace: the host's progress is read again this often. */
const PROGRESS_EVERY_MS = 5000;

/** GET /polls/{slug}/homework: who finished, and the average so far (issue 27). */
export function progressQueryOptions(slug: string, secret: string) {
  return queryOptions({
    queryKey: ['homework-progress', slug] as const,
    queryFn: ({ signal }) =>
      apiCall('homeworkProgress', { params: { slug }, hostSecret: secret, signal }),
    refetchInterval: PROGRESS_EVERY_MS,
  });
}

/** PATCH /polls/{slug} with the homework's window; the response is the whole poll. */
export function useSetWindow(slug: string, secret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Pick<Settings, 'opensAt' | 'closesAt'>) =>
      apiCall('updatePoll', { params: { slug }, body: { settings }, hostSecret: secret }),
    onSuccess: (poll) => {
      queryClient.setQueryData(queryKeys.poll(slug), poll);
      notify.success(esHomework.saved);
    },
    onError: (error) => notify.error(error.message),
  });
}

/** PUT /polls/{slug}/players/{nickname}/more-time {moreTime}. */
export function useMoreTime(slug: string, secret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { nickname: string; moreTime: boolean }) =>
      apiCall('setMoreTime', {
        params: { slug, nickname: input.nickname },
        body: { moreTime: input.moreTime },
        hostSecret: secret,
      }),
    onSuccess: ({ nickname, moreTime }) => {
      notify.success(moreTime ? esHomework.moreTimeOn(nickname) : esHomework.moreTimeOff(nickname));
      void queryClient.invalidateQueries({ queryKey: ['homework-progress', slug] });
    },
    onError: (error) => notify.error(error.message),
  });
}
