import type { Summary } from '../../contract/index.ts';
import type { PollRecord, PollStore, QuestionWithOptions, VoteCounts } from '../store/store.ts';
import { DomainError } from './errors.ts';
import { isHostSecret } from './host-auth.ts';
import { findPoll } from './poll-view.ts';

/**
 * Results are for the host always; for everyone once public or once the poll is closed (a room
 * expects to see a finished poll's results; they are private only while it runs).
 */
export function canSeeResults(poll: PollRecord, secret: string | undefined): boolean {
  return poll.resultsPublic || poll.status === 'closed' || isHostSecret(poll, secret);
}

/**
 * Pure: the summary from the poll, its questions and the store's GROUP BY counts, so it can be
 * cached and recomputed without touching the database twice.
 */
export function computeSummary(
  poll: PollRecord,
  questions: QuestionWithOptions[],
  counts: VoteCounts,
): Summary {
  const byOption = new Map(counts.optionCounts.map((c) => [c.optionId, c.count]));
  const respondents = new Map(counts.respondents.map((c) => [c.questionId, c.count]));
  return {
    slug: poll.slug,
    title: poll.title,
    status: poll.status,
    totalVotes: counts.ballots,
    updatedAt: poll.updatedAt.toISOString(),
    questions: questions.map((q) => {
      const options = q.options.map((o) => ({
        id: o.id,
        text: o.text,
        ordinal: o.ordinal,
        count: byOption.get(o.id) ?? 0,
      }));
      return {
        id: q.id,
        text: q.text,
        type: q.type,
        ordinal: q.ordinal,
        totalAnswers: options.reduce((sum, o) => sum + o.count, 0),
        respondents: respondents.get(q.id) ?? 0,
        options,
      };
    }),
  };
}

export async function getSummary(
  store: PollStore,
  slug: string,
  secret: string | undefined,
): Promise<Summary> {
  const poll = await findPoll(store, slug);
  if (!canSeeResults(poll, secret)) throw new DomainError('RESULTS_PRIVATE');
  const [questions, counts] = await Promise.all([
    store.listQuestions(poll.id),
    store.getVoteCounts(poll.id),
  ]);
  return computeSummary(poll, questions, counts);
}
