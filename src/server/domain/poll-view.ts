import type { Option, Poll, Question } from '../../contract/index.ts';
import type {
  OptionRecord,
  PollRecord,
  PollStore,
  QuestionRecord,
  QuestionWithOptions,
} from '../store/store.ts';
import { DomainError } from './errors.ts';
import { requireHost } from './host-auth.ts';

/** Lookups that refuse with the right code, and the shapes the API returns. */

/** A poll with its questions: what a vote is checked against. */
export interface PollContext {
  poll: PollRecord;
  questions: QuestionWithOptions[];
  /** The host's blocked words (issue 17), as typed; none when absent. */
  blockedWords?: readonly string[];
}

/**
 * Where the vote path reads a poll and its questions on every request: the app passes its
 * in-memory cache (live/cache.ts), invalidated by poll changes; `readPollFromStore` is the
 * uncached reading. The store re-checks status and options inside the vote's transaction, so a
 * cache a moment behind a change cannot let a wrong vote in.
 */
export type ReadPoll = (slug: string) => Promise<PollContext | undefined>;

export function readPollFromStore(store: PollStore): ReadPoll {
  return async (slug) => {
    const poll = await store.getPollBySlug(slug);
    if (!poll) return undefined;
    const questions = await store.listQuestions(poll.id);
    return { poll, questions, blockedWords: await store.listBlockedWords(poll.id) };
  };
}

export async function findPoll(store: PollStore, slug: string): Promise<PollRecord> {
  const poll = await store.getPollBySlug(slug);
  if (!poll) throw new DomainError('POLL_NOT_FOUND');
  return poll;
}

/** The poll, after checking the secret is this poll's. */
export async function findPollAsHost(
  store: PollStore,
  slug: string,
  secret: string | undefined,
): Promise<PollRecord> {
  const poll = await findPoll(store, slug);
  requireHost(poll, secret);
  return poll;
}

/**
 * A question and its poll, checking the secret against the poll the question belongs to:
 * a secret of another poll never reaches it.
 */
export async function findQuestionAsHost(
  store: PollStore,
  questionId: number,
  secret: string | undefined,
): Promise<{ question: QuestionRecord; poll: PollRecord }> {
  const question = await store.getQuestion(questionId);
  if (!question) throw new DomainError('QUESTION_NOT_FOUND');
  const poll = await store.getPollById(question.pollId);
  if (!poll) throw new DomainError('QUESTION_NOT_FOUND');
  requireHost(poll, secret);
  return { question, poll };
}

export async function findOptionAsHost(
  store: PollStore,
  optionId: number,
  secret: string | undefined,
): Promise<{ option: OptionRecord; question: QuestionRecord; poll: PollRecord }> {
  const option = await store.getOption(optionId);
  if (!option) throw new DomainError('OPTION_NOT_FOUND');
  const { question, poll } = await findQuestionAsHost(store, option.questionId, secret).catch(
    (error: unknown) => {
      // The option's question vanished in between: to the client, the option is gone.
      if (error instanceof DomainError && error.code === 'QUESTION_NOT_FOUND') {
        throw new DomainError('OPTION_NOT_FOUND');
      }
      throw error;
    },
  );
  // A scale's values are options only inside the server: to the API they do not exist.
  if (question.type === 'scale') throw new DomainError('OPTION_NOT_FOUND');
  return { option, question, poll };
}

export function toOptionView(option: OptionRecord): Option {
  return { id: option.id, text: option.text, ordinal: option.ordinal };
}

export function toQuestionView(question: QuestionWithOptions): Question {
  return {
    id: question.id,
    text: question.text,
    type: question.type,
    ordinal: question.ordinal,
    resultsHidden: question.resultsHidden,
    // A scale's options are its values, answered by `value`: not shown as options.
    options: question.type === 'scale' ? [] : question.options.map(toOptionView),
    scale: question.scale,
  };
}

export function toPollView(poll: PollRecord, questions: QuestionWithOptions[]): Poll {
  return {
    slug: poll.slug,
    title: poll.title,
    status: poll.status,
    settings: {
      oneVotePerQuestion: poll.oneVotePerQuestion,
      resultsPublic: poll.resultsPublic,
      presenterPace: poll.presenterPace,
      hideResultsUntilRevealed: poll.hideResultsUntilRevealed,
      moderateText: poll.moderateText,
      qa: poll.qa,
      qaModerated: poll.qaModerated,
    },
    joinCode: poll.joinCode,
    questions: questions.map(toQuestionView),
    // A deleted question stops being current without a write.
    currentQuestionId: questions.some((q) => q.id === poll.currentQuestionId)
      ? poll.currentQuestionId
      : null,
    resetCount: poll.resetCount,
    createdAt: poll.createdAt.toISOString(),
    updatedAt: poll.updatedAt.toISOString(),
  };
}

export async function loadPollView(store: PollStore, poll: PollRecord): Promise<Poll> {
  return toPollView(poll, await store.listQuestions(poll.id));
}

/** The poll as GET /polls/{slug} answers it; `cachedQuestions` may spare the questions' read
 *  (undefined: read them from the store). */
export async function getPoll(
  store: PollStore,
  slug: string,
  cachedQuestions?: (poll: PollRecord) => Promise<QuestionWithOptions[] | undefined>,
): Promise<Poll> {
  const poll = await findPoll(store, slug);
  const questions = (await cachedQuestions?.(poll)) ?? (await store.listQuestions(poll.id));
  return toPollView(poll, questions);
}
