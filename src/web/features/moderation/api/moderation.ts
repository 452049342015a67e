import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerateAnswerBody } from '../../../../contract/moderation.ts';
import { es } from '../../../i18n/es.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { notify } from '../../../lib/toast.ts';

type Target = { slug: string; secret: string; questionId: number };

/** The host's summary (every answer with its state, hidden words marked). The host panel's and
 *  the results page's host stream keep it current; this reads it where the stream has not. */
export function useHostSummary(slug: string, secret: string) {
  return useQuery({
    queryKey: queryKeys.summary(slug),
    queryFn: ({ signal }) =>
      apiCall('getSummary', { params: { slug }, hostSecret: secret, signal }),
  });
}

const failed = (error: Error) => notify.error(es.moderation.failed, { description: error.message });

/** An answer's state and the answers' pages change; the words only through the summary. */
function useInvalidate({ slug, questionId }: Target) {
  const queryClient = useQueryClient();
  return (withAnswers: boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.summary(slug) }),
      withAnswers &&
        queryClient.invalidateQueries({ queryKey: queryKeys.answers(slug, questionId) }),
    ]);
}

/** PATCH …/answers/{id}: approve a held answer, show a flagged one, or hide any. */
export function useModerateAnswer(target: Target) {
  const invalidate = useInvalidate(target);
  return useMutation({
    mutationFn: ({ answerId, state }: { answerId: number } & ModerateAnswerBody) =>
      apiCall('moderateAnswer', {
        params: { slug: target.slug, answerId },
        body: { state },
        hostSecret: target.secret,
      }),
    onSuccess: () => invalidate(true),
    onError: failed,
  });
}

/** POST …/answers/approve: every held answer of the question becomes visible. */
export function useApproveAll(target: Target) {
  const invalidate = useInvalidate(target);
  return useMutation({
    mutationFn: () =>
      apiCall('approveAnswers', {
        params: { slug: target.slug, questionId: target.questionId },
        hostSecret: target.secret,
      }),
    onSuccess: ({ approved }) => {
      notify.success(es.moderation.approvedAll(approved));
      return invalidate(true);
    },
    onError: failed,
  });
}

/** PUT …/hidden-words: a word out of the public cloud, or back in. */
export function useHideWord(target: Target) {
  const invalidate = useInvalidate(target);
  return useMutation({
    mutationFn: ({ word, hidden }: { word: string; hidden: boolean }) =>
      apiCall('hideWord', {
        params: { slug: target.slug, questionId: target.questionId },
        body: { word, hidden },
        hostSecret: target.secret,
      }),
    onSuccess: () => invalidate(false),
    onError: failed,
  });
}
