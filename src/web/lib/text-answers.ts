import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SUMMARY_ANSWERS_MAX } from '../../contract/limits.ts';
import type { SummaryTextAnswer } from '../../contract/summary.ts';
import { apiCall } from './api-client.ts';
import { queryKeys } from './query.ts';

/**
 * An open-text question's answers beyond the newest ones of the summary, a page at a time
 * (GET …/questions/{id}/answers?before=), for the results list and the host's moderation. With
 * the secret, every state; without, visible ones only.
 */
function olderAnswersOptions(
  slug: string,
  questionId: number,
  before: number | undefined,
  hostSecret: string | null,
) {
  return infiniteQueryOptions({
    queryKey: queryKeys.answers(slug, questionId),
    queryFn: ({ pageParam, signal }) =>
      apiCall('listAnswers', {
        params: { slug, questionId },
        query: { before: pageParam, limit: SUMMARY_ANSWERS_MAX },
        hostSecret,
        signal,
      }),
    initialPageParam: before,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}

const newestFirst = (a: SummaryTextAnswer, b: SummaryTextAnswer) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * The summary's newest answers followed by the older pages asked for, newest first, each once
 * (a page fetched before new answers arrived overlaps the summary). `more` starts them.
 */
export function useTextAnswers({
  slug,
  questionId,
  recent,
  hostSecret,
}: {
  slug: string;
  questionId: number;
  recent: readonly SummaryTextAnswer[];
  hostSecret: string | null;
}) {
  // Nothing is asked until the first 'Ver más'; from then on a moderation change refreshes it.
  const [wanted, setWanted] = useState(false);
  const older = useInfiniteQuery({
    ...olderAnswersOptions(slug, questionId, recent.at(-1)?.id, hostSecret),
    enabled: wanted,
  });
  const byId = new Map<number, SummaryTextAnswer>();
  for (const answer of [...recent, ...(older.data?.pages.flatMap((p) => p.answers) ?? [])]) {
    if (!byId.has(answer.id)) byId.set(answer.id, answer);
  }
  const started = older.data !== undefined;
  return {
    answers: [...byId.values()].sort(newestFirst),
    /** Whether older answers may exist: the summary was full, or the last page said so. */
    hasMore: started ? older.hasNextPage : recent.length >= SUMMARY_ANSWERS_MAX,
    loading: older.isFetching,
    more: () => (started ? void older.fetchNextPage() : setWanted(true)),
  };
}
