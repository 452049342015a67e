import type { QuestionWithOptions, QuizAnswerTiming } from '../store/store.ts';

/**
 * The quiz's own integrity signal (issue 25: 64 bots from one address, ids taken slowly and
 * aged, each holding its stream, answered every question from the stream at once, spread over
 * the options, so one of them was always right and won the podium). People cannot do that: the
 * question reaches a phone through the stream, is read, then tapped, which takes a second or
 * more, and a room's taps spread over seconds. A source is flagged when many of its answers
 * arrived in the room's first burst of a question and those answers cover the options evenly,
 * question after question.
 *
 * The burst is measured against the room, not the clock: on two instances under load the start
 * reaches the phones, and their answers reach the server, a second or more after the start
 * (bots included), so "within 300 ms of the start" caught nothing there. Each question's
 * fastest answer says how late everything arrives; an answer is instant when it came within
 * QUIZ_INSTANT_MS of it, or within half that lateness when the lateness is longer (a loaded
 * machine stretches the burst as it delays it), never more than QUIZ_BURST_MAX_MS: a class
 * tapping over two seconds keeps most of its answers out of any burst, however late they come.
 */

/** The first answers of a question and those this soon after them were not read by a person. */
export const QUIZ_INSTANT_MS = 300;
/** The longest a burst is stretched to on a late question. */
const QUIZ_BURST_MAX_MS = 2 * QUIZ_INSTANT_MS;
/** Delays are read in slices of this many ms, up to QUIZ_DELAY_BUCKETS of them. */
export const QUIZ_DELAY_BUCKET_MS = 50;
/** Past 20 s every delay is "late": no burst starts after that. */
export const QUIZ_DELAY_BUCKETS = 400;
/** Below this many instant answers a source is never flagged (a few quick fingers). */
const MIN_INSTANT_ANSWERS = 20;
/** …and they must be at least this share of the source's quiz answers. */
const MIN_INSTANT_SHARE = 0.5;
/** A question's instant answers are even when every option got at least this share of a fair
 *  split (a bot farm choosing in turn, or at random, gives each option about its share). */
const EVEN_FLOOR = 0.5;

export interface QuizSignal {
  instantAnswers: number;
  /** The signal fired: many instant answers, evenly spread. */
  bots: boolean;
}

/** Per question, the last delay bucket that still counts as the room's first burst. */
function burstEnds(timings: readonly QuizAnswerTiming[]): Map<number, number> {
  const fastest = new Map<number, number>();
  for (const t of timings) {
    const seen = fastest.get(t.questionId);
    if (seen === undefined || t.delayBucket < seen) fastest.set(t.questionId, t.delayBucket);
  }
  const ends = new Map<number, number>();
  for (const [questionId, first] of fastest) {
    const lateMs = first * QUIZ_DELAY_BUCKET_MS;
    const windowMs = Math.min(QUIZ_BURST_MAX_MS, Math.max(QUIZ_INSTANT_MS, lateMs / 2));
    ends.set(questionId, first + Math.ceil(windowMs / QUIZ_DELAY_BUCKET_MS) - 1);
  }
  return ends;
}

export function quizSignals(
  timings: readonly QuizAnswerTiming[],
  questions: readonly QuestionWithOptions[],
): Map<string, QuizSignal> {
  const optionsOf = new Map(questions.map((q) => [q.id, q.options.map((o) => o.id)]));
  const ends = burstEnds(timings.filter((t) => t.delayBucket < QUIZ_DELAY_BUCKETS));
  // Per source: its answers, and its instant ones per question and option.
  const bySource = new Map<string, { answers: number; instant: Map<string, number> }>();
  for (const t of timings) {
    if (t.source === '') continue;
    const tally = bySource.get(t.source) ?? { answers: 0, instant: new Map<string, number>() };
    tally.answers += t.answers;
    const end = ends.get(t.questionId);
    if (end !== undefined && t.delayBucket <= end) {
      const key = `${t.questionId}:${t.optionId}`;
      tally.instant.set(key, (tally.instant.get(key) ?? 0) + t.answers);
    }
    bySource.set(t.source, tally);
  }
  const signals = new Map<string, QuizSignal>();
  for (const [source, { answers, instant }] of bySource) {
    let instantAnswers = 0;
    for (const n of instant.values()) instantAnswers += n;
    let judged = 0;
    let even = 0;
    for (const [questionId, options] of optionsOf) {
      const counts = options.map((id) => instant.get(`${questionId}:${id}`) ?? 0);
      const total = counts.reduce((n, c) => n + c, 0);
      // Too few instant answers to speak of a spread over this question's options.
      if (options.length < 2 || total < 2 * options.length) continue;
      judged++;
      const fair = total / options.length;
      if (counts.every((c) => c >= EVEN_FLOOR * fair)) even++;
    }
    const bots =
      instantAnswers >= MIN_INSTANT_ANSWERS &&
      instantAnswers >= MIN_INSTANT_SHARE * answers &&
      judged > 0 &&
      even * 2 >= judged;
    signals.set(source, { instantAnswers, bots });
  }
  return signals;
}
