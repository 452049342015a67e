import type { Option, Poll, Question, QuizClock, Settings } from '../../contract/index.ts';
import type {
  OptionRecord,
  PollRecord,
  PollStore,
  QuestionRecord,
  QuestionWithOptions,
} from '../store/store.ts';
import { DomainError } from './errors.ts';
import { requireHost } from './host-auth.ts';
import { questionModule } from './question-types/index.ts';
import { optionView } from './question-types/shared.ts';

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
  if (questionModule(question.type).rules.options.kind === 'none') {
    throw new DomainError('OPTION_NOT_FOUND');
  }
  return { option, question, poll };
}

/** `correct` only when the caller may know it: the host always (see Option in contract). */
export function toOptionView(option: OptionRecord, showCorrect = true): Option {
  return optionView(option, showCorrect);
}

/** Which options' `correct` a caller gets: the host all; others a closed quiz question's. */
export type Audience = 'host' | 'public';

export function toQuestionView(
  question: QuestionWithOptions,
  audience: Audience = 'host',
  quiz = false,
): Question {
  const reveal = audience === 'host' || question.closedAt !== null;
  const { options, scale, ...typePart } = questionModule(question.type).view(
    question,
    reveal,
    quiz,
  );
  return {
    id: question.id,
    text: question.text,
    type: question.type,
    ordinal: question.ordinal,
    resultsHidden: question.resultsHidden,
    options,
    scale,
    timeLimitSeconds: question.timeLimitSeconds,
    ...typePart,
    // Issue 27: the why of the answer, under the rule of `correct`.
    ...(reveal ? { explanation: question.explanation } : {}),
  };
}

/**
 * A quiz question whose clock never started, to anyone but the host (issue 24): where it stands
 * and how it is answered, but not its text, options or labels, so no phone reads ahead. It
 * arrives whole in the poll frame that starts it.
 */
export function unstartedQuizQuestion(question: QuestionWithOptions): Question {
  return {
    id: question.id,
    text: '',
    type: question.type,
    ordinal: question.ordinal,
    resultsHidden: question.resultsHidden,
    options: [],
    scale: question.scale && { max: question.scale.max, minLabel: null, maxLabel: null },
    // How it is answered: a number's range and unit are no more than a scale's maximum.
    ...(question.number ? { number: question.number } : {}),
    timeLimitSeconds: question.timeLimitSeconds,
  };
}

/** Whether `audience` may not see this question yet: a quiz's, before its clock started. */
export function unstartedForAudience(
  poll: Pick<PollRecord, 'quiz'>,
  question: Pick<QuestionWithOptions, 'startedAt'>,
  audience: Audience,
): boolean {
  return audience !== 'host' && poll.quiz && question.startedAt === null;
}

/** The poll as GET /polls/{slug} answers it. `now` comes last, so a cached JSON of the view can
 *  be sent with a fresh one (withNow). */
export function toPollView(
  poll: PollRecord,
  questions: QuestionWithOptions[],
  audience: Audience = 'public',
): Poll {
  return viewAround(
    poll,
    questions,
    questions.map((q) =>
      unstartedForAudience(poll, q, audience)
        ? unstartedQuizQuestion(q)
        : toQuestionView(q, audience, poll.quiz),
    ),
  );
}

/** The view of `poll` around its questions' views (what the row and the questions decide). */
/** The poll's settings as the contract names them (the poll view, the poll file). */
export function settingsOf(poll: PollRecord): Settings {
  return {
    oneVotePerQuestion: poll.oneVotePerQuestion,
    resultsPublic: poll.resultsPublic,
    presenterPace: poll.presenterPace,
    hideResultsUntilRevealed: poll.hideResultsUntilRevealed,
    moderateText: poll.moderateText,
    qa: poll.qa,
    qaModerated: poll.qaModerated,
    strictFilter: poll.strictFilter,
    quiz: poll.quiz,
    resultsAfterVote: poll.resultsAfterVote,
    opensAt: poll.opensAt?.toISOString() ?? null,
    closesAt: poll.closesAt?.toISOString() ?? null,
    speedPoints: poll.speedPoints,
  };
}

function viewAround(poll: PollRecord, questions: QuestionWithOptions[], views: Question[]): Poll {
  const current = questions.find((q) => q.id === poll.currentQuestionId);
  return {
    slug: poll.slug,
    title: poll.title,
    status: poll.status,
    settings: settingsOf(poll),
    joinCode: poll.joinCode,
    questions: views,
    // A deleted question stops being current without a write.
    currentQuestionId: questions.some((q) => q.id === poll.currentQuestionId)
      ? poll.currentQuestionId
      : null,
    resetCount: poll.resetCount,
    clock: poll.quiz && current ? quizClockOf(current) : null,
    createdAt: poll.createdAt.toISOString(),
    updatedAt: poll.updatedAt.toISOString(),
    now: new Date().toISOString(),
  };
}

const EMPTY_QUESTIONS = '"questions":[]';
const QUESTIONS_KEY = '"questions":';
const AFTER_QUESTIONS_KEY = ',"currentQuestionId":';

/** The questions' array inside a serialised poll view (a slice: V8 shares the bytes). Keys
 *  cannot occur inside user text there: JSON escapes its quotes. */
export function questionsPartOf(viewJson: string): string {
  const start = viewJson.indexOf(QUESTIONS_KEY) + QUESTIONS_KEY.length;
  const end = viewJson.indexOf(AFTER_QUESTIONS_KEY, start);
  return viewJson.slice(start, end);
}

/**
 * JSON of toPollView(poll, questions, audience), given the questions' part already serialised
 * (`questionsJson`, which the live cache keeps per snapshot): the row's fields are fresh, the
 * big part is not serialised again. A GET of a 100 × 50 poll (760 KB) cost ~2 ms of the event
 * loop each time; now what its small head costs. The key cannot occur earlier: quotes inside
 * user text are escaped in JSON.
 */
export function pollViewJson(
  poll: PollRecord,
  questions: QuestionWithOptions[],
  questionsJson: string,
): { json: string; clock: QuizClock | null } {
  const { before, after, clock } = pollViewParts(poll, questions);
  return { json: before + questionsJson + after, clock };
}

/** A poll view's JSON around its questions' array: `before + questionsJson + after` is
 *  pollViewJson, so a response can send the big middle from one shared buffer (issue 25). */
export interface PollViewParts {
  before: string;
  after: string;
  clock: QuizClock | null;
}

export function pollViewParts(poll: PollRecord, questions: QuestionWithOptions[]): PollViewParts {
  const head = viewAround(poll, questions, []);
  const text = JSON.stringify(head);
  const at = text.indexOf(EMPTY_QUESTIONS) + QUESTIONS_KEY.length;
  return { before: text.slice(0, at), after: text.slice(at + 2), clock: head.clock };
}

/** The clock of a question of a quiz; null until it started. */
export function quizClockOf(question: QuestionWithOptions): QuizClock | null {
  if (question.startedAt === null) return null;
  return {
    questionId: question.id,
    startedAt: question.startedAt.toISOString(),
    endsAt: question.endsAt?.toISOString() ?? null,
    closedAt: question.closedAt?.toISOString() ?? null,
  };
}

const NOW_KEY = ',"now":"';

/** A serialised poll view with `now` set to the moment it is sent. */
export function withNow(json: string, now: Date = new Date()): string {
  const at = json.lastIndexOf(NOW_KEY);
  return at < 0 ? json : `${json.slice(0, at)}${NOW_KEY}${now.toISOString()}"}`;
}

/** The host's view (every option's `correct`): what the host's own calls answer. */
export async function loadPollView(store: PollStore, poll: PollRecord): Promise<Poll> {
  return toPollView(poll, await store.listQuestions(poll.id), 'host');
}

/** The poll as GET /polls/{slug} answers it, serialised. `cached` may spare the questions' read
 *  and their serialising (undefined: read them from the store). The row is always read: its
 *  updatedAt moves with every vote, which does not renew the cache's snapshot. */
export async function getPollJson(
  store: PollStore,
  slug: string,
  cached: (
    poll: PollRecord,
    audience: Audience,
  ) => Promise<{ questions: QuestionWithOptions[]; questionsJson: string } | undefined>,
  audience: (poll: PollRecord) => Audience = () => 'public',
): Promise<{ json: string; clock: QuizClock | null }> {
  const found = await getPollBody(store, slug, cached, audience);
  if ('json' in found) return found;
  return { json: found.before + found.questionsJson + found.after, clock: found.clock };
}

/**
 * As getPollJson, but a view from the cache comes in parts around its questions' array, which
 * the caller may send from a buffer shared by every response of that snapshot: a reader that
 * never reads then pins a few hundred bytes of its own, not a copy of the poll (issue 25: 1,000
 * unread GETs of a 100 × 50 poll took the server from 158 MB to 1,162 MB).
 */
export async function getPollBody<
  T extends { questions: QuestionWithOptions[]; questionsJson: string },
>(
  store: PollStore,
  slug: string,
  cached: (poll: PollRecord, audience: Audience) => Promise<T | undefined>,
  audience: (poll: PollRecord) => Audience = () => 'public',
): Promise<
  { json: string; clock: QuizClock | null } | (PollViewParts & { questionsJson: string; kept: T })
> {
  const poll = await findPoll(store, slug);
  const who = audience(poll);
  const kept = await cached(poll, who);
  if (kept) {
    return { ...pollViewParts(poll, kept.questions), questionsJson: kept.questionsJson, kept };
  }
  const view = toPollView(poll, await store.listQuestions(poll.id), who);
  return { json: JSON.stringify(view), clock: view.clock };
}
