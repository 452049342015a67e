import type { QUESTION_TYPES } from '../limits.ts';

/** A question type's name, as the API spells it. */
export type QuestionTypeName = (typeof QUESTION_TYPES)[number];

/** The new-question body as the type rules read it (CreateQuestionBody after its fields parsed). */
export interface QuestionDraft {
  type: QuestionTypeName;
  options: { text: string; correct?: boolean }[];
  scale?: unknown;
  number?: { min: number; max: number; decimals: number } | undefined;
  correctValue?: number | null;
  tolerance?: number | null;
}

/** Reports one problem of a draft: the body's field and its Spanish message. */
export type ReportIssue = (path: (string | number)[], message: string) => void;

/**
 * Where a type's options come from: written by the host (`authored`: min..max rows; the server
 * counts them, since empty rows are dropped),
 * given by the server (`fixed`: yes/no's Sí and No), or none at all (`none`, with the message
 * refusing rows sent anyway).
 */
export type OptionsRule =
  | { kind: 'authored'; min: number; max: number }
  | { kind: 'fixed' }
  | { kind: 'none'; notAllowed: string };

/**
 * What the API knows of one question type, on both sides of the wire. One entry per type in
 * `questionTypeRules` (index.ts); the server's and the web's type modules hold the rest.
 */
export interface QuestionTypeRules {
  name: QuestionTypeName;
  /** Which key of an answer carries it (vote.ts): the union tells the kinds apart by it. */
  answerKey: 'optionIds' | 'text' | 'value' | 'ranking';
  options: OptionsRule;
  /** The question field holding the type's own settings (required for it, refused for the
   *  others), with the two messages. */
  settings?: { field: 'scale' | 'number'; required: string; onlyForThisType: string };
  /** Quiz: how a correct answer is told. `one`/`many`: options marked correct; `order`: the
   *  authored order; `value`: correctValue and tolerance; `none`: nothing scores. */
  correct: 'one' | 'many' | 'order' | 'value' | 'none';
  /** Rounds (issue 27): how two rounds of it compare. `shares`: each option's percentage;
   *  `points`: each option's share of the Borda points; `words`: the two clouds side by side;
   *  `average`: the two means. */
  rounds: 'shares' | 'points' | 'words' | 'average';
  /** The type's own rules of a new question beyond the generic ones above. */
  checkDraft?: (draft: QuestionDraft, report: ReportIssue) => void;
}
