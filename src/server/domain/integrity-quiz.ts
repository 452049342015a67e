import type { QuestionWithOptions, QuizAnswerTiming } from '../store/store.ts';

/**
 * The quiz's own integrity signal (issue 25: 64 bots from one address, ids taken slowly and
 * aged, each holding its stream, answered every question from the stream within a few ms,
 * spread over the options, so one of them was always right and won the podium). People cannot
 * do that: the question reaches a phone through the stream, is read, then tapped, which takes
 * a second or more. A source is flagged when many of its answers arrived almost at the start of
 * their question and those answers cover the options evenly, question after question.
 */

/** An answer received less than this after its question started was not read by a person. */
export const QUIZ_INSTANT_MS = 300;
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

export function quizSignals(
  timings: readonly QuizAnswerTiming[],
  questions: readonly QuestionWithOptions[],
): Map<string, QuizSignal> {
  const optionsOf = new Map(questions.map((q) => [q.id, q.options.map((o) => o.id)]));
  const bySource = new Map<string, QuizAnswerTiming[]>();
  for (const t of timings) {
    if (t.source === '') continue;
    const rows = bySource.get(t.source) ?? [];
    rows.push(t);
    bySource.set(t.source, rows);
  }
  const signals = new Map<string, QuizSignal>();
  for (const [source, rows] of bySource) {
    const answers = rows.reduce((n, r) => n + r.answers, 0);
    const instantAnswers = rows.reduce((n, r) => n + r.instant, 0);
    let judged = 0;
    let even = 0;
    for (const [questionId, options] of optionsOf) {
      const counts = options.map(
        (id) => rows.find((r) => r.questionId === questionId && r.optionId === id)?.instant ?? 0,
      );
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
