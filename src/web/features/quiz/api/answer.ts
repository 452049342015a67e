import { useMutation } from '@tanstack/react-query';
import type { Answer } from '../../../../contract/vote.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A network failure or an instance briefly gone: worth sending again while the clock runs. */
const RETRYABLE = new Set([0, 502, 503, 504]);
const RETRY_DELAYS_MS = [300, 800] as const;
/** A 429 is waited out this many times at most (a hall behind one address): the answer's
 *  time is the server's receipt, so a short wait costs points but not the answer. */
const RATE_LIMITED_RETRIES = 5;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Posts one answer of the running question. No Idempotency-Key is needed: the server takes
 * one answer per player and question, so a retry of an answer that did arrive is refused
 * ALREADY_VOTED, which the screen shows as sent.
 */
export async function sendAnswer(slug: string, answer: Answer): Promise<void> {
  let failures = 0;
  let refusals = 0;
  for (;;) {
    const result = await apiRequest('castVote', { params: { slug }, body: { answers: [answer] } });
    if (!result.error) return;
    const { status, retryAfterS } = result.error;
    if (status === 429 && refusals++ < RATE_LIMITED_RETRIES) {
      await wait(Math.min(5, Math.max(1, retryAfterS ?? 1)) * 1000);
      continue;
    }
    const delay = RETRY_DELAYS_MS[failures++];
    if (!RETRYABLE.has(status) || delay === undefined) throw result.error;
    await wait(delay);
  }
}

export function useSendAnswer(slug: string) {
  return useMutation({ mutationFn: (answer: Answer) => sendAnswer(slug, answer) });
}
