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

/**
 * The poll with `question` in it exactly once: replaced where its id already is, appended
 * otherwise. A refetch or a live poll frame may have brought the question in before the create
 * call's answer arrives (issue 17: the first question listed twice on a busy machine).
 */
export function withQuestion(poll: Poll, question: Question): Poll {
  const known = poll.questions.some((q) => q.id === question.id);
  return {
    ...poll,
    questions: known
      ? poll.questions.map((q) => (q.id === question.id ? question : q))
      : [...poll.questions, question],
  };
}

export function withoutQuestion(poll: Poll, questionId: number): Poll {
  return { ...poll, questions: poll.questions.filter((q) => q.id !== questionId) };
}

/** The question with `option` in it exactly once (the same race as withQuestion's). */
export function withOption(question: Question, option: Option): Question {
  const known = question.options.some((o) => o.id === option.id);
  return {
    ...question,
    options: known
      ? question.options.map((o) => (o.id === option.id ? option : o))
      : [...question.options, option],
  };
}

export function replaceOption(question: Question, option: Option): Question {
  return { ...question, options: question.options.map((o) => (o.id === option.id ? option : o)) };
}

/**
 * After a mutation patched the cache: a poll fetch still in flight may have been read before
 * the change and would overwrite the patch with the old list when it lands (the created
 * question vanishing, a deleted one coming back). Such a fetch is cancelled and asked again;
 * with none in flight nothing is fetched.
 */
export function settlePoll(queryClient: QueryClient, slug: string) {
  const queryKey = queryKeys.poll(slug);
  if (queryClient.isFetching({ queryKey }) === 0) return;
  void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true });
}

/**
 * Anything that changes questions, options or votes also changes what the results page shows;
 * marking the summary stale refetches it only if a results view is mounted.
 */
export function summaryChanged(queryClient: QueryClient, slug: string) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.summary(slug) });
}
