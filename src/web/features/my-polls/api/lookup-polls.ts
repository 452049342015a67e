import { useQuery } from '@tanstack/react-query';
import { MY_POLLS_BATCH } from '../../../../contract/limits.ts';
import type { MyPoll } from '../../../../contract/my-polls.ts';
import { apiCall } from '../../../lib/api-client.ts';

export const myPollsKey = (slugs: readonly string[]) => ['my-polls', ...slugs] as const;

/**
 * POST /polls/lookup: every poll whose code this browser holds, in one request (one per
 * MY_POLLS_BATCH codes past that). The codes go in the body, never in a URL. Found polls come
 * newest change first, then the missing ones.
 */
export async function lookupPolls(secrets: Record<string, string>): Promise<MyPoll[]> {
  const entries = Object.entries(secrets).map(([slug, secret]) => ({ slug, secret }));
  const batches: (typeof entries)[] = [];
  for (let i = 0; i < entries.length; i += MY_POLLS_BATCH)
    batches.push(entries.slice(i, i + MY_POLLS_BATCH));
  const answers = await Promise.all(
    batches.map((polls) => apiCall('lookupPolls', { body: { polls } })),
  );
  const all = answers.flatMap((answer) => answer.polls);
  const found = all.filter((poll) => !poll.missing);
  found.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return [...found, ...all.filter((poll) => poll.missing)];
}

/** Keyed by the slugs held, so a code added elsewhere (another tab) is read too. */
export function useMyPolls(secrets: Record<string, string>) {
  const slugs = Object.keys(secrets).sort();
  return useQuery({
    queryKey: myPollsKey(slugs),
    queryFn: () => lookupPolls(secrets),
    enabled: slugs.length > 0,
    // A removed code must not bring the list back to a skeleton: the previous list, filtered
    // by the codes still held, shows meanwhile.
    placeholderData: (previous) => previous,
  });
}
