import { describe, expect, it } from 'vitest';
import type { QuestionWithOptions, QuizAnswerTiming } from '../store/store.ts';
import { QUIZ_DELAY_BUCKET_MS, quizSignals } from './integrity-quiz.ts';

/** Four questions of four options; `delayOf(i)` is the i-th answer's delay in ms. */
const questions = [1, 2, 3, 4].map(
  (id) => ({ id, options: [1, 2, 3, 4].map((o) => ({ id: id * 10 + o })) }) as QuestionWithOptions,
);
function room(source: string, people: number, delayOf: (i: number) => number) {
  const timings: QuizAnswerTiming[] = [];
  for (const q of questions) {
    for (let i = 0; i < people; i++) {
      timings.push({
        source,
        questionId: q.id,
        optionId: q.options[i % 4]!.id,
        delayBucket: Math.floor(delayOf(i) / QUIZ_DELAY_BUCKET_MS),
        answers: 1,
      });
    }
  }
  return timings;
}
const flagged = (timings: QuizAnswerTiming[], source: string) =>
  quizSignals(timings, questions).get(source)?.bots;

describe('the quiz signal (issue 25)', () => {
  it('flags a burst spread over the options, also when it arrives a second late', () => {
    expect(
      flagged(
        room('s', 64, (i) => 5 + i),
        's',
      ),
    ).toBe(true);
    // Two instances under load: 0.9–1.3 s after the start, within ~0.45 s of each other.
    expect(
      flagged(
        room('s', 64, (i) => 900 + 7 * i),
        's',
      ),
    ).toBe(true);
  });

  it('does not flag a class tapping over two seconds, evenly, however late it arrives', () => {
    for (const late of [0, 1_000, 3_000]) {
      expect(
        flagged(
          room('s', 300, (i) => late + 500 + (2_000 * i) / 300),
          's',
        ),
      ).toBe(false);
    }
  });
});
