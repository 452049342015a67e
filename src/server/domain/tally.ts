import type { Summary, SummaryQuestion, SummaryTextAnswer } from '../../contract/index.ts';
import type {
  PollRecord,
  PollStore,
  QuestionWithOptions,
  TextAnswerRecord,
  TextTally,
  VoteCounts,
} from '../store/store.ts';
import { isHostSecret } from './host-auth.ts';
import { publicAnswer, refillPublicAnswers } from './moderation/hidden-answers.ts';
import { hiddenTest } from './moderation/hidden-words.ts';
import { cloudEntries, hostCloud, publicCloud } from './words/cloud.ts';

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

/** The host's summary and everyone else's, built together from one tally. */
export interface Summaries {
  host: Summary;
  /** No counts of a question whose results the host hid; only visible open answers and words
   *  not hidden. The very same object as `host` when nothing differs. */
  audience: Summary;
}

/** The open-text questions' parts of the last summaries, host's and audience's, by question:
 *  a question no answer touched since is taken from here instead of its words being read and
 *  grouped again (a poll with 100 full clouds took ~0.6–0.9 s per rebuild). */
export type TextParts = Map<number, { host: SummaryQuestion; audience: SummaryQuestion }>;

/** Which open-text questions changed since the last summaries: some, or all of them. */
export type ChangedTexts = ReadonlySet<number> | 'all';

/**
 * Pure: the summaries from the poll, its questions and the store's counts, so they can be
 * cached and recomputed without touching the database twice. Every part is O(options, words
 * kept, answers listed), never O(votes). With `reuse`, an open-text question not in `changed`
 * is taken from it as it was (its words were not read: `texts` has none of it).
 */
export function computeSummaries(
  poll: PollRecord,
  questions: QuestionWithOptions[],
  counts: VoteCounts,
  texts: TextTally[] = [],
  reuse?: { parts: TextParts; changed: ChangedTexts },
): Summaries & { textParts: TextParts } {
  const textParts: TextParts = new Map();
  const byOption = new Map(counts.optionCounts.map((c) => [c.optionId, c.count]));
  const respondents = new Map(counts.respondents.map((c) => [c.questionId, c.count]));
  const textCounts = new Map(counts.texts.map((t) => [t.questionId, t]));
  const textTally = new Map(texts.map((t) => [t.questionId, t]));
  const host: SummaryQuestion[] = [];
  const audience: SummaryQuestion[] = [];
  for (const q of questions) {
    const base = {
      id: q.id,
      text: q.text,
      type: q.type,
      ordinal: q.ordinal,
      respondents: respondents.get(q.id) ?? 0,
      hidden: q.resultsHidden,
    };
    // Quiz: while the clock runs only the host gets counts; `correct` waits for the close.
    const running = poll.quiz && q.startedAt !== null && q.closedAt === null;
    const closed = poll.quiz && q.closedAt !== null;
    const hiddenFromAudience = q.resultsHidden || running;
    if (q.type === 'text') {
      const kept =
        reuse && reuse.changed !== 'all' && !reuse.changed.has(q.id)
          ? reuse.parts.get(q.id)
          : undefined;
      if (kept) {
        host.push(kept.host);
        audience.push(kept.audience);
        textParts.set(q.id, kept);
        continue;
      }
      const tally = textTally.get(q.id);
      const count = textCounts.get(q.id);
      const isHidden = hiddenTest(tally?.hiddenKeys ?? []);
      const entries = cloudEntries(count?.words ?? []);
      host.push({
        ...base,
        totalAnswers: count?.visible ?? 0,
        options: [],
        words: hostCloud(entries, isHidden),
        answers: (tally?.recent ?? []).map((a) => ({ ...answerView(a), state: a.state })),
        pendingCount: count?.pending ?? 0,
      });
      audience.push(
        hiddenFromAudience
          ? { ...base, options: [], words: [], answers: [] }
          : {
              ...base,
              totalAnswers: count?.visible ?? 0,
              options: [],
              words: publicCloud(entries, isHidden),
              // Issue 24: an answer holding a hidden word is hidden too (hidden-answers.ts).
              answers: (tally?.recentVisible ?? [])
                .filter((a) => publicAnswer(a, isHidden))
                .map(answerView),
            },
      );
      textParts.set(q.id, { host: host.at(-1)!, audience: audience.at(-1)! });
      continue;
    }
    if (q.type === 'scale' && q.scale) {
      // A scale's values are its hidden options, ordinal = value.
      const values = [...q.options]
        .sort((a, b) => a.ordinal - b.ordinal)
        .map((o) => ({ value: o.ordinal, count: byOption.get(o.id) ?? 0 }));
      const total = values.reduce((sum, v) => sum + v.count, 0);
      const weighted = values.reduce((sum, v) => sum + v.value * v.count, 0);
      const scaleView = { ...base, options: [], scale: q.scale };
      const full = {
        ...scaleView,
        totalAnswers: total,
        values,
        average: total > 0 ? weighted / total : null,
      };
      host.push(full);
      audience.push(hiddenFromAudience ? scaleView : full);
      continue;
    }
    const options = q.options.map((o) => ({
      id: o.id,
      text: o.text,
      ordinal: o.ordinal,
      count: byOption.get(o.id) ?? 0,
    }));
    const full = {
      ...base,
      totalAnswers: options.reduce((sum, o) => sum + o.count, 0),
      options,
    };
    if (poll.quiz) {
      const quizFull = quizQuestionViews(q, full, { running, closed, hiddenFromAudience });
      host.push(quizFull.host);
      audience.push(quizFull.audience);
      continue;
    }
    host.push(full);
    // Text, options and number of respondents stay (a room may know how many answered).
    audience.push(
      q.resultsHidden
        ? { ...base, options: options.map(({ id, text, ordinal }) => ({ id, text, ordinal })) }
        : full,
    );
  }
  const head = {
    slug: poll.slug,
    title: poll.title,
    status: poll.status,
    totalVotes: counts.ballots,
    updatedAt: poll.updatedAt.toISOString(),
  };
  // Issue 24: a quiz question that never started is nobody's but the host's to read: the
  // results others see list the questions played so far.
  const played = poll.quiz ? audience.filter((_, i) => questions[i]!.startedAt !== null) : audience;
  const hostSummary = { ...head, questions: host };
  const same = played.length === host.length && played.every((q, i) => q === host[i]);
  return {
    host: hostSummary,
    audience: same ? hostSummary : { ...head, questions: played },
    textParts,
  };
}

/**
 * A choice question of a quiz: the host gets `correct` and `correctOptionIds` always; everyone
 * else once the question closed, and no counts while its clock runs (or the host hid them).
 */
function quizQuestionViews(
  q: QuestionWithOptions,
  full: SummaryQuestion & {
    options: { id: number; text: string; ordinal: number; count: number }[];
  },
  state: { running: boolean; closed: boolean; hiddenFromAudience: boolean },
): { host: SummaryQuestion; audience: SummaryQuestion } {
  const correctOf = new Map(q.options.map((o) => [o.id, o.correct]));
  const correctOptionIds = q.options.filter((o) => o.correct).map((o) => o.id);
  const running = state.running ? { running: true } : {};
  const host = {
    ...full,
    ...running,
    correctOptionIds,
    options: full.options.map((o) => ({ ...o, correct: correctOf.get(o.id) ?? false })),
  };
  const { totalAnswers, options, ...rest } = full;
  const audience: SummaryQuestion = {
    ...rest,
    ...running,
    ...(state.hiddenFromAudience ? {} : { totalAnswers }),
    ...(state.closed ? { correctOptionIds } : {}),
    options: options.map(({ count, ...o }) => ({
      ...o,
      ...(state.hiddenFromAudience ? {} : { count }),
      ...(state.closed ? { correct: correctOf.get(o.id) ?? false } : {}),
    })),
  };
  return { host, audience };
}

/** The host's summary (every count, every answer with its state). */
export function computeSummary(
  poll: PollRecord,
  questions: QuestionWithOptions[],
  counts: VoteCounts,
  texts: TextTally[] = [],
): Summary {
  return computeSummaries(poll, questions, counts, texts).host;
}

export function answerView(answer: TextAnswerRecord): SummaryTextAnswer {
  return { id: answer.id, text: answer.text, createdAt: answer.createdAt.toISOString() };
}

/** Open-text questions read per slice of a build from nothing: each holds at most
 *  TEXT_WORDS_MAX (2,000) words, ~1.3 µs a word on SQLite, so a slice takes ~10 ms of the event
 *  loop at worst. */
export const TEXT_QUESTIONS_PER_SLICE = 4;

/** Lets the event loop serve others between slices of a long build. */
export type Pause = () => Promise<void>;
const noPause: Pause = () => Promise.resolve();

/**
 * The summaries as of now, from the store's counters: O(options and words kept) rows whatever
 * the number of votes. The caller checks who may see them (canSeeResults); the app caches them
 * (live/cache.ts). With `reuse`, only the changed open-text questions are read; without, a poll
 * of many clouds is read a few clouds at a time with `pause` between (100 full clouds took
 * ~260 ms of the event loop in one piece on SQLite).
 */
export async function loadSummaries(
  store: PollStore,
  pollId: number,
  reuse?: { parts: TextParts; changed: ChangedTexts },
  pause: Pause = noPause,
): Promise<(Summaries & { textParts: TextParts }) | undefined> {
  // Every text question to reuse must be there; else (a first read) all are read.
  const usable = reuse && reuse.changed !== 'all' ? reuse : undefined;
  const tally = await store.getTally(
    pollId,
    usable ? { textsOf: [...(usable.changed as ReadonlySet<number>)] } : { textsOf: [] },
  );
  if (!tally) return undefined;
  const complete =
    !usable ||
    tally.questions.every(
      (q) =>
        q.type !== 'text' ||
        (usable.changed !== 'all' && (usable.changed.has(q.id) || usable.parts.has(q.id))),
    );
  if (usable && complete) {
    const texts = await refillPublicAnswers(store, tally.texts);
    return computeSummaries(tally.poll, tally.questions, tally.counts, texts, usable);
  }
  const parts = await readTextParts(store, tally, pause);
  return computeSummaries(tally.poll, tally.questions, tally.counts, [], {
    parts,
    changed: new Set(),
  });
}

/**
 * Every open-text question's summary parts, read TEXT_QUESTIONS_PER_SLICE at a time, each
 * slice from its own snapshot. A ballot landing between slices is in a later slice or not; its
 * change marks the summary stale either way, and the next build reads its question again.
 */
async function readTextParts(
  store: PollStore,
  tally: NonNullable<Awaited<ReturnType<PollStore['getTally']>>>,
  pause: Pause,
): Promise<TextParts> {
  const parts: TextParts = new Map();
  const textQuestions = tally.questions.filter((q) => q.type === 'text');
  for (let i = 0; i < textQuestions.length; i += TEXT_QUESTIONS_PER_SLICE) {
    if (i > 0) await pause();
    const slice = textQuestions.slice(i, i + TEXT_QUESTIONS_PER_SLICE);
    const read = await store.getTextTally(
      tally.poll.id,
      slice.map((q) => q.id),
    );
    const built = computeSummaries(
      tally.poll,
      slice,
      { ...tally.counts, texts: read.counts },
      await refillPublicAnswers(store, read.texts),
    );
    for (const [id, part] of built.textParts) parts.set(id, part);
  }
  return parts;
}
