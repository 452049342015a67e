import type { Question } from '../../contract/poll.ts';
import type { SummaryQuestion } from '../../contract/summary.ts';
import type { Answer } from '../../contract/vote.ts';

/** What a person gave a question on the phone before sending: option ids (choices, or an
 *  order), an open text (only once its field finds it acceptable; else ''), or a value. */
export type Reply = readonly number[] | string | number;

/**
 * What every screen needs to know about one question type, without drawing it: the only place
 * (with the surface tables beside it: phone-fields, results-views, slide-views, result-images,
 * editor-fields) that knows the types apart. Pure and small: the phone page loads all of them.
 */
export type QuestionTypeTraits = {
  /** The host's options: typed by the host, given by the server (Sí / No), or none. */
  options: 'authored' | 'fixed' | 'none';
  /** Tapping an option: one replaces the last one, many toggles; null when options are not
   *  picked one by one. Draws the host's and the phone's markers (round or square). */
  picks: 'one' | 'many' | null;
  /** The reply as this type reads it, or undefined when it is none (another type's reply, a
   *  vanished option, a value out of a narrowed range, an empty text). */
  readReply(reply: Reply | undefined, question: Question): Reply | undefined;
  /** The ballot's answer from a reply readReply kept. */
  toAnswer(questionId: number, reply: Reply): Answer;
  /** What an option's percentage is a share of (0 when nobody answered). */
  percentBase(question: SummaryQuestion): number;
  /** The answers counted under a result (an image's footer). */
  answered(question: SummaryQuestion): number;
  /** Its answers are open texts the host moderates (the panel follows them live). */
  moderated: boolean;
  /** Quiz: what is correct: options marked (one or many), the authored order, a value with a
   *  margin; null scores nothing. */
  quizCorrect: 'one' | 'many' | 'order' | 'value' | null;
  /** Issue 27: how two rounds of it are compared (the contract's `rounds` rule): options'
   *  shares, a ranking's points, two clouds, two averages. */
  rounds: 'shares' | 'points' | 'words' | 'average';
};
