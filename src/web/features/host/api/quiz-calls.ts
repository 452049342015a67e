import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Question } from '../../../../contract/poll.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { useHostSession } from '../host-session.tsx';
import { patchQuestion, summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

type CorrectVariables = { question: Question; optionId: number; correct: boolean };

/**
 * PUT /options/{id} {correct}: marks or unmarks a quiz answer. In a single or yes/no question
 * the server unmarks the others when one is marked; the cache follows it the same way.
 */
export function useMarkCorrect() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ optionId, correct }: CorrectVariables) =>
      apiCall('updateOption', { params: { id: optionId }, body: { correct }, hostSecret: secret }),
    onSuccess: (option, { question }) => {
      const onlyOne = traitsOf(question.type).quizCorrect === 'one' && option.correct === true;
      patchQuestion(queryClient, slug, question.id, (q) => ({
        ...q,
        options: q.options.map((o) =>
          o.id === option.id ? option : onlyOne ? { ...o, correct: false } : o,
        ),
      }));
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}

type TimeVariables = { questionId: number; timeLimitSeconds: number | null };

/** PUT /questions/{id} {timeLimitSeconds}: the quiz question's time, null for 'Sin límite'. */
export function useUpdateTimeLimit() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, timeLimitSeconds }: TimeVariables) =>
      apiCall('updateQuestion', {
        params: { id: questionId },
        body: { timeLimitSeconds },
        hostSecret: secret,
      }),
    onSuccess: (question) => patchQuestion(queryClient, slug, question.id, () => question),
    onError: notifyError,
  });
}
