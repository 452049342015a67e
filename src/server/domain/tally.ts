import type { Summary } from '../../contract/index.ts';
import type { PollRecord, PollStore, QuestionWithOptions, VoteCounts } from '../store/store.ts';
import { isHostSecret } from './host-auth.ts';

/**
 * Results are for the host always; for everyone once public or once the poll is closed (a room
 * expects to see a finished poll's results; they are private only while it runs).
 */
export function canSeeResults(poll: PollRecord, secret: string | undefined): boolean {
  return resultsOpenToAll(poll) || isHostSecret(poll, secret);
}

/** The part of the rule that does not depend on who asks. */
export function resultsOpenToAll(poll: Pick<PollRecord, 'resultsPublic' | 'status'>): boolean {
  return poll.resultsPublic || poll.status === 'closed';
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
        hidden: q.resultsHidden,
        options,
      };
    }),
  };
}

/**
 * The summary for whoever does not hold the host secret: a question whose results the host hid
 * keeps its text, options and number of respondents (a room may know how many answered) but no
 * count and no total. The same object when nothing is hidden.
 */
export function summaryForAudience(summary: Summary): Summary {
  if (!summary.questions.some((q) => q.hidden)) return summary;
  return {
    ...summary,
    questions: summary.questions.map((q) =>
      q.hidden
        ? {
            id: q.id,
            text: q.text,
            type: q.type,
            ordinal: q.ordinal,
            respondents: q.respondents,
            hidden: true,
            options: q.options.map(({ id, text, ordinal }) => ({ id, text, ordinal })),
          }
        : q,
    ),
  };
}

/**
 * The summary as of now, from the store's counters: O(options) rows whatever the number of votes.
 * The caller checks who may see it (canSeeResults); the app caches it (live/cache.ts).
 */
export async function loadSummary(store: PollStore, pollId: number): Promise<Summary | undefined> {
  const tally = await store.getTally(pollId);
  return tally && computeSummary(tally.poll, tally.questions, tally.counts);
}
