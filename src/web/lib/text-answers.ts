import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SUMMARY_ANSWERS_MAX } from '../../contract/limits.ts';
import type { AnswersPage } from '../../contract/moderation.ts';
import type { SummaryTextAnswer } from '../../contract/summary.ts';
import { apiCall } from './api-client.ts';
import { queryKeys } from './query.ts';

/**
 * Where a page starts: below `before` (the server's keyset, ids descending). With `until`, a
 * fill-in: as many server pages as it takes to reach down to the answer with that id.
 */
type PageParam = { before: number | undefined; until?: number };

type Source = { slug: string; questionId: number; hostSecret: string | null };

async function fetchPages(
  { slug, questionId, hostSecret }: Source,
  { before, until }: PageParam,
  signal: AbortSignal,
): Promise<AnswersPage> {
  const answers: SummaryTextAnswer[] = [];
  let next: number | null | undefined = before;
  do {
    const page: AnswersPage = await apiCall('listAnswers', {
      params: { slug, questionId },
      query: { before: next ?? undefined, limit: SUMMARY_ANSWERS_MAX },
      hostSecret,
      signal,
    });
    answers.push(...page.answers);
    next = page.nextBefore;
  } while (until !== undefined && next !== null && next > until);
  return { answers, nextBefore: next ?? null };
}

/**
 * An open-text question's answers beyond the newest ones of the summary, a page at a time
 * (GET …/questions/{id}/answers?before=), for the results list and the host's moderation. With
 * the secret, every state; without, visible ones only.
 *
 * The pages hang below the summary's oldest answer as it was at the first 'Ver más'. Once more
 * answers arrive than the summary holds, its oldest is newer than that anchor and the ones in
 * between would be shown nowhere: the "previous page" is that range, fetched down to the anchor.
 */
function olderAnswersOptions(source: Source, oldestRecent: number | undefined) {
  return infiniteQueryOptions({
    queryKey: queryKeys.answers(source.slug, source.questionId),
    queryFn: ({ pageParam, signal }) => fetchPages(source, pageParam, signal),
    initialPageParam: { before: oldestRecent } as PageParam,
    getNextPageParam: (page): PageParam | undefined =>
      page.nextBefore === null ? undefined : { before: page.nextBefore },
    getPreviousPageParam: (_page, _pages, first): PageParam | undefined =>
      oldestRecent !== undefined && first.before !== undefined && oldestRecent > first.before
        ? { before: oldestRecent, until: first.before }
        : undefined,
  });
}

// The server's order (the keyset is the id): createdAt may disagree across clocks or instances.
const newestFirst = (a: SummaryTextAnswer, b: SummaryTextAnswer) => b.id - a.id;

/**
 * The summary's newest answers followed by the older pages asked for, newest first, each once
 * (a page fetched before new answers arrived overlaps the summary), with no gap between them.
 * `more` starts them.
 */
export function useTextAnswers({
  slug,
  questionId,
  recent,
  hostSecret,
}: Source & { recent: readonly SummaryTextAnswer[] }) {
  // Nothing is asked until the first 'Ver más'; from then on a moderation change refreshes it.
  const [wanted, setWanted] = useState(false);
  const oldestRecent = recent.at(-1)?.id;
  const older = useInfiniteQuery({
    ...olderAnswersOptions({ slug, questionId, hostSecret }, oldestRecent),
    enabled: wanted,
  });
  // Fill the gap once per summary: after a failure, the next summary tries again (no loop).
  // Waits for any fetch in flight, which a fill would otherwise cancel.
  const failedAt = useRef<number | undefined>(undefined);
  const { hasPreviousPage, isFetching, fetchPreviousPage } = older;
  useEffect(() => {
    if (!hasPreviousPage || isFetching || failedAt.current === oldestRecent) return;
    void fetchPreviousPage().then((result) => {
      if (result.isError) failedAt.current = oldestRecent;
    });
  }, [hasPreviousPage, isFetching, fetchPreviousPage, oldestRecent]);
  const byId = new Map<number, SummaryTextAnswer>();
  for (const answer of [...recent, ...(older.data?.pages.flatMap((p) => p.answers) ?? [])]) {
    if (!byId.has(answer.id)) byId.set(answer.id, answer);
  }
  const started = older.data !== undefined;
  return {
    answers: [...byId.values()].sort(newestFirst),
    /** Whether older answers may exist: the summary was full, or the last page said so. */
    hasMore: started ? older.hasNextPage : recent.length >= SUMMARY_ANSWERS_MAX,
    // Only the reader's own request shows: a fill while answers pour in must not make the
    // button flicker on a projected list.
    loading: older.isFetchingNextPage || (!started && older.isFetching),
    // Never cancels a fill in flight (it would be lost); a click during one (milliseconds on a
    // LAN) does nothing.
    more: () => (started ? void older.fetchNextPage({ cancelRefetch: false }) : setWanted(true)),
  };
}
