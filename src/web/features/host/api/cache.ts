import type { QueryClient } from '@tanstack/react-query';
import type { Option, Poll, Question } from '../../../../contract/poll.ts';
import { queryKeys } from '../../../lib/query.ts';

/** Applies a change to the cached poll (if any); the host panel reads everything from there. */
export function patchPoll(queryClient: QueryClient, slug: string, change: (poll: Poll) => Poll) {
  queryClient.setQueryData<Poll>(queryKeys.poll(slug), (poll) => (poll ? change(poll) : poll));
}

export function patchQuestion(
  queryClient: QueryClient,
  slug: string,
  questionId: number,
  change: (question: Question) => Question,
) {
  patchPoll(queryClient, slug, (poll) => ({
    ...poll,
    questions: poll.questions.map((q) => (q.id === questionId ? change(q) : q)),
  }));
}

export function replaceOption(question: Question, option: Option): Question {
  return { ...question, options: question.options.map((o) => (o.id === option.id ? option : o)) };
}

/**
 * Anything that changes questions, options or votes also changes what the results page shows;
 * marking the summary stale refetches it only if a results view is mounted.
 */
export function summaryChanged(queryClient: QueryClient, slug: string) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.summary(slug) });
}
