import type { Summary, SummaryQuestion } from '../../contract/index.ts';
import type {
  PollRecord,
  PollStore,
  QuestionWithOptions,
  TextTally,
  VoteCounts,
} from '../store/store.ts';
import { isHostSecret } from './host-auth.ts';
import { refillPublicAnswers } from './moderation/hidden-answers.ts';
import { hasOpenAnswers, questionModule, type TallyIndex } from './question-types/index.ts';
import { answerView } from './question-types/text.ts';

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
  const tally = tallyIndex(counts, texts);
  const respondents = new Map(counts.respondents.map((c) => [c.questionId, c.count]));
  const host: SummaryQuestion[] = [];
  const audience: SummaryQuestion[] = [];
  for (const q of questions) {
    // A part kept from the last build while no answer to it changed (an open-text cloud).
    const kept =
      reuse && reuse.changed !== 'all' && !reuse.changed.has(q.id)
        ? reuse.parts.get(q.id)
        : undefined;
    if (kept) {
      const shown = withExplanation(poll, q, kept, q.resultsHidden || running(poll, q));
      host.push(shown.host);
      audience.push(shown.audience);
      textParts.set(q.id, kept);
      continue;
    }
    // Quiz: while the clock runs only the host gets counts; answers wait for the close.
    const isRunning = running(poll, q);
    const part = questionModule(q.type).summarize({
      poll,
      question: q,
      base: {
        id: q.id,
        text: q.text,
        type: q.type,
        ordinal: q.ordinal,
        respondents: respondents.get(q.id) ?? 0,
        hidden: q.resultsHidden,
      },
      tally,
      running: isRunning,
      closed: poll.quiz && q.closedAt !== null,
      hiddenFromAudience: q.resultsHidden || isRunning,
    });
    const shown = withExplanation(poll, q, part, q.resultsHidden || isRunning);
    host.push(shown.host);
    audience.push(shown.audience);
    if (part.cached) textParts.set(q.id, { host: part.host, audience: part.audience });
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

/** Quiz: while the clock runs only the host gets counts; answers wait for the close. */
function running(poll: PollRecord, q: QuestionWithOptions): boolean {
  return poll.quiz && q.startedAt !== null && q.closedAt === null;
}

/**
 * A question's parts with its 'Explicación' (issue 27): the host's always; the audience's with
 * the results, and in a quiz only once the question closed (the rule of `correct`). One object
 * stays one object, so an audience summary equal to the host's is still shared.
 */
function withExplanation(
  poll: PollRecord,
  q: QuestionWithOptions,
  part: { host: SummaryQuestion; audience: SummaryQuestion },
  hiddenFromAudience: boolean,
): { host: SummaryQuestion; audience: SummaryQuestion } {
  if (q.explanation === null) return part;
  const host = { ...part.host, explanation: q.explanation };
  const toAudience = !hiddenFromAudience && (!poll.quiz || q.closedAt !== null);
  if (part.audience === part.host) {
    return toAudience ? { host, audience: host } : { host, audience: part.audience };
  }
  return {
    host,
    audience: toAudience ? { ...part.audience, explanation: q.explanation } : part.audience,
  };
}

/** The store's counts indexed for the type modules: O(options, answers to number questions). */
function tallyIndex(counts: VoteCounts, texts: TextTally[]): TallyIndex {
  const places = new Map<number, number[]>();
  for (const c of counts.placeCounts ?? []) {
    const row = places.get(c.optionId) ?? [];
    row[c.position - 1] = (row[c.position - 1] ?? 0) + c.count;
    places.set(c.optionId, row);
  }
  return {
    byOption: new Map(counts.optionCounts.map((c) => [c.optionId, c.count])),
    places,
    values: new Map((counts.numberValues ?? []).map((v) => [v.questionId, v.values])),
    textCounts: new Map(counts.texts.map((t) => [t.questionId, t])),
    textTally: new Map(texts.map((t) => [t.questionId, t])),
  };
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

export { answerView };

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
        !hasOpenAnswers(q) ||
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
  const textQuestions = tally.questions.filter(hasOpenAnswers);
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
