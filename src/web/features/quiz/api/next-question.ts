import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** POST /polls/{slug}/me/next: the question this player has open in a self-paced quiz, or its
 *  next one opened now (issue 27); asked again after a reload, the same one and clock. */
export function useNextQuestion(slug: string) {
  return useMutation({ mutationFn: () => apiCall('nextQuestion', { params: { slug } }) });
}
