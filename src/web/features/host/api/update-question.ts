import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuestionBody, Scale } from '../../../../contract/poll.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { patchQuestion, summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

type Variables = { questionId: number; text: string };

/** PUT /questions/{id} (the server wants the secret here too, unlike spec §7). */
export function useUpdateQuestion() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, text }: Variables) =>
      apiCall('updateQuestion', { params: { id: questionId }, body: { text }, hostSecret: secret }),
    onSuccess: (question) => {
      patchQuestion(queryClient, slug, question.id, () => question);
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}

type ScaleVariables = { questionId: number; scale: Scale };

/** PUT /questions/{id} with a scale question's range and end labels (null = no label). */
export function useUpdateScale() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, scale }: ScaleVariables) =>
      apiCall('updateQuestion', {
        params: { id: questionId },
        body: { scale },
        hostSecret: secret,
      }),
    onSuccess: (question) => {
      patchQuestion(queryClient, slug, question.id, () => question);
      // Lowering the maximum deletes answers: the counts change too.
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}

type ExplanationVariables = { questionId: number; explanation: string | null };

/** PUT /questions/{id} with a question's 'Explicación' (issue 27); null clears it. */
export function useUpdateExplanation() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, explanation }: ExplanationVariables) =>
      apiCall('updateQuestion', {
        params: { id: questionId },
        body: { explanation },
        hostSecret: secret,
      }),
    onSuccess: (question) => {
      patchQuestion(queryClient, slug, question.id, () => question);
      // The summary carries it beside the results.
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}

type NumberVariables = {
  questionId: number;
  body: Pick<CreateQuestionBody, 'number' | 'correctValue' | 'tolerance'>;
};

/** PUT /questions/{id} with a number question's range, decimals, unit and (quiz) answer. */
export function useUpdateNumber() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, body }: NumberVariables) =>
      apiCall('updateQuestion', { params: { id: questionId }, body, hostSecret: secret }),
    onSuccess: (question) => {
      patchQuestion(queryClient, slug, question.id, () => question);
      // The histogram's bins follow the range.
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
