import type { Summary, SummaryQuestion } from '../../contract/index.ts';
import type { PollRecord, PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import { canSeeResults } from './tally.ts';

/**
 * 'Resultados tras votar' (issue 27): a participant who answered a question sees that
 * question's results, and nothing of the questions it did not answer. The rest of the results
 * rule (the host's hiding, a quiz question's clock) is the audience summary's, already applied.
 */

/**
 * Which questions' results the caller may read: every one (undefined) for the host or when the
 * results are open to all; else, with the setting on, those its participant id answered in
 * this run. Refused when that is none, as a private poll's summary is.
 */
export async function readableQuestions(
  store: Pick<PollStore, 'answeredQuestionIds'>,
  poll: PollRecord,
  secret: string | undefined,
  participantId: string | undefined,
): Promise<ReadonlySet<number> | undefined> {
  if (canSeeResults(poll, secret)) return undefined;
  const answered =
    poll.resultsAfterVote && participantId !== undefined
      ? await store.answeredQuestionIds(poll.id, participantId)
      : [];
  if (answered.length === 0) throw new DomainError('RESULTS_PRIVATE');
  return new Set(answered);
}

/** The audience's summary with the questions not in `answered` reduced to what the form shows
 *  (their text and options, no count, word, value, statistic, right answer or explanation). */
export function summaryAfterVote(audience: Summary, answered: ReadonlySet<number>): Summary {
  return {
    ...audience,
    questions: audience.questions.map((q) => (answered.has(q.id) ? q : withoutResults(q))),
  };
}

/** Named fields only: a field added to the summary later stays out until it is listed here. */
function withoutResults(q: SummaryQuestion): SummaryQuestion {
  return {
    id: q.id,
    text: q.text,
    type: q.type,
    ordinal: q.ordinal,
    respondents: q.respondents,
    hidden: q.hidden,
    options: q.options.map((o) => ({ id: o.id, text: o.text, ordinal: o.ordinal })),
    ...(q.scale ? { scale: q.scale } : {}),
    ...(q.number ? { number: q.number } : {}),
  };
}
