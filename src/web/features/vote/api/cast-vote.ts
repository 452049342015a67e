import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../contract/limits.ts';
import type { Ballot, VoteResponse } from '../../../../contract/vote.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/** Waits before each retry of a ballot lost on the network: short, since someone is waiting. */
export const VOTE_RETRY_DELAYS_MS = [400, 1000, 2000] as const;

/** A ballot refused by the rate limits (429) waits its Retry-After and goes again, this many
 *  times at most: at the default 5 ballots a second behind one address, a queue of 300 late
 *  phones drains in a minute. */
export const RATE_LIMITED_RETRIES = 30;
/** A ballot refused because the server's database is unavailable (503 with Retry-After: it is
 *  restarting or failing over) waits its Retry-After and goes again, this many times at most:
 *  at the server's 2 s, a minute of outage, longer than a PostgreSQL restart takes. */
export const UNAVAILABLE_RETRIES = 30;
/** A Retry-After longer than this is waited as this: the page checks back at least as often. */
const MAX_RATE_WAIT_S = 60;
/** A server's Retry-After as the page waits it: at least a second, at most MAX_RATE_WAIT_S. */
const waitSeconds = (retryAfterS: number) => Math.min(MAX_RATE_WAIT_S, Math.max(1, retryAfterS));

type SubmitOptions = {
  /** Sent as Idempotency-Key on every attempt, so a retry can never count the ballot twice. */
  idempotencyKey: string;
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Told before each wait of a refused (429) ballot, with the seconds it will wait. */
  onRateLimited?: (seconds: number) => void;
  /** Told true when the ballot waits for the browser to be online again, false when it goes. */
  onOffline?: (offline: boolean) => void;
};

/** The browser says it has no network: a retry now would fail the same way. */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves when the browser is online again (at once if it is). */
function untilOnline(): Promise<void> {
  return new Promise((resolve) => {
    if (!isOffline()) return resolve();
    window.addEventListener('online', () => resolve(), { once: true });
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Statuses worth another try: the network failed (0), or a proxy in front of several instances
 * lost its upstream (502/504) or one was briefly unavailable (503 without Retry-After; with one,
 * see UNAVAILABLE_RETRIES). The Idempotency-Key makes a retry safe even when the first attempt
 * was in fact stored.
 */
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/**
 * Posts a ballot; on a retryable failure it tries again with the same key, up to
 * `delays.length` times. A 429 (too many ballots from this network at once) waits the server's
 * Retry-After and tries again, up to RATE_LIMITED_RETRIES times: the ballot goes in when the
 * bucket allows. A 503 with Retry-After (the database restarting) waits it likewise, up to
 * UNAVAILABLE_RETRIES times, showing only that the ballot is being sent. Any other HTTP answer
 * (success or refusal) is final.
 */
export async function submitBallot(
  slug: string,
  ballot: Ballot,
  {
    idempotencyKey,
    delays = VOTE_RETRY_DELAYS_MS,
    sleep = wait,
    onRateLimited,
    onOffline,
  }: SubmitOptions,
): Promise<VoteResponse> {
  let failures = 0;
  let refusals = 0;
  let unavailable = 0;
  for (;;) {
    const result = await apiRequest('castVote', {
      params: { slug },
      body: ballot,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    });
    if (!result.error) return result.data;
    const { status, retryAfterS } = result.error;
    if (status === 429 && refusals < RATE_LIMITED_RETRIES) {
      refusals++;
      const seconds = waitSeconds(retryAfterS ?? 1);
      onRateLimited?.(seconds);
      await sleep(seconds * 1000);
      continue;
    }
    if (status === 503 && retryAfterS !== undefined && unavailable < UNAVAILABLE_RETRIES) {
      unavailable++;
      await sleep(waitSeconds(retryAfterS) * 1000);
      continue;
    }
    // Offline (issue 24): say so and wait for the network instead of failing after three
    // quick retries; the same key makes the late send safe.
    if (status === 0 && isOffline()) {
      onOffline?.(true);
      await untilOnline();
      onOffline?.(false);
      continue;
    }
    const delay = delays[failures++];
    if (!RETRYABLE_STATUSES.has(status) || delay === undefined) throw result.error;
    await sleep(delay);
  }
}

/** A ballot's Idempotency-Key: the one generator the web app has (lib/action-key.ts). */
export { newRequestKey as newIdempotencyKey } from '../../../lib/action-key.ts';

export function useCastVote(
  slug: string,
  onRateLimited?: (seconds: number) => void,
  onOffline?: (offline: boolean) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ballot: Ballot; idempotencyKey: string }) =>
      submitBallot(slug, input.ballot, {
        idempotencyKey: input.idempotencyKey,
        onRateLimited,
        onOffline,
      }),
    // A refusal may mean the poll changed under us (closed, question removed): show the truth.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.poll(slug) }),
  });
}
