import { useMutation } from '@tanstack/react-query';
import { es } from '../../../i18n/es.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';

/**
 * With the presenter pace on, the question on the projector is the one the phones ask: each
 * move sets the poll's current question (the stream then takes it to every phone).
 */
export function useSetCurrentQuestion(slug: string, secret: string) {
  return useMutation({
    mutationFn: (questionId: number | null) =>
      apiCall('updatePoll', {
        params: { slug },
        body: { currentQuestionId: questionId },
        hostSecret: secret,
      }),
    // No cache write: the stream brings the poll, in order, even when moves overtake each other.
    onError: (error) => notify.error(es.presenter.paceError, { description: error.message }),
  });
}

/** `H`: hides or reveals the question's results for everyone but the host (the stream says so). */
export function useToggleResults(secret: string) {
  return useMutation({
    mutationFn: ({ questionId, hidden }: { questionId: number; hidden: boolean }) =>
      apiCall('updateQuestion', {
        params: { id: questionId },
        body: { resultsHidden: hidden },
        hostSecret: secret,
      }),
    onError: (error) => notify.error(es.presenter.revealError, { description: error.message }),
  });
}
