import type {
  Answer,
  AnswerState,
  Question,
  QuestionTypeRules,
  Scale,
  SummaryQuestion,
} from '../../../contract/index.ts';
import type {
  PollRecord,
  QuestionWithOptions,
  StoreAnswer,
  TextAnswerRecord,
  TextCounts,
  TextTally,
} from '../../store/store.ts';
import type { DomainError } from '../errors.ts';
import type { BlockedTest } from '../moderation/blocked-words.ts';

/**
 * What the server knows of one question type (issue 26): everything that differs between types
 * lives in its module, registered in index.ts; the rest of the server asks the module, never
 * the type's name. The contract's entry (`rules`) says what the API accepts.
 */
export interface QuestionTypeModule {
  rules: QuestionTypeRules;
  /** The options a new question gets from the host's rows (already counted by the caller). */
  newOptions(rows: OptionRow[], settings: { scale: Scale | null }): OptionRow[];
  /** The type's part of a question as the API shows it. `reveal`: the caller may know the
   *  quiz's answer (the host, or the question closed). `quiz`: the poll is a quiz. */
  view(question: QuestionWithOptions, reveal: boolean, quiz: boolean): QuestionViewPart;
  /** Throws INVALID_BALLOT (through `invalid`) when the answer does not fit the question. */
  checkAnswer(question: QuestionWithOptions, answer: Answer, invalid: Invalid): void;
  /** A checked answer as the store keeps it. */
  toStoreAnswer(question: QuestionWithOptions, answer: Answer, filter: TextFilter): StoreAnswer;
  /** The question's part of the host's and the audience's summaries. */
  summarize(input: SummaryInput): SummaryParts;
  /** Columns of the ballots sheet: the question's title, and more when it needs them. */
  ballotHeaders(title: string, question: QuestionWithOptions): string[];
  /** One participant's cells under those columns ('' for none of them). */
  ballotCells(question: QuestionWithOptions, answer: BallotAnswer, labels: ExportLabels): Cell[];
  /** Rows of the summary sheet from the host's summary. */
  summaryRows(question: SummaryQuestion, context: SummaryRowContext): SummaryRowPart[];
  /** Quiz: points and whether the answer counts as correct; absent when the type never scores. */
  score?(answer: ScoredAnswer, question: ScoredQuestion): { points: number; correct: boolean };
}

export type OptionRow = { text: string; ordinal?: number; correct?: boolean };

export type QuestionViewPart = Pick<Question, 'options' | 'scale'> &
  Partial<Pick<Question, 'number' | 'correctValue' | 'tolerance'>>;

export type Invalid = (message: string, details?: Record<string, unknown>) => DomainError;

/** How an open answer is screened as it is stored (moderation/). */
export interface TextFilter {
  isBlocked?: BlockedTest;
  strictFilter: boolean;
}

export type BaseSummary = Pick<
  SummaryQuestion,
  'id' | 'text' | 'type' | 'ordinal' | 'respondents' | 'hidden'
>;

/** The counts a summary is built from, indexed once per build (tally.ts). */
export interface TallyIndex {
  byOption: Map<number, number>;
  /** Ranking: per option, answers per place (index 0 = top). */
  places: Map<number, number[]>;
  /** Number: every value of the question, ascending. */
  values: Map<number, number[]>;
  textCounts: Map<number, TextCounts>;
  textTally: Map<number, TextTally>;
}

export interface SummaryInput {
  poll: PollRecord;
  question: QuestionWithOptions;
  base: BaseSummary;
  tally: TallyIndex;
  /** Quiz: the question's clock runs (others get no counts) / it closed (answers revealed). */
  running: boolean;
  closed: boolean;
  /** Others get no counts: the host hid them, or the clock runs. */
  hiddenFromAudience: boolean;
}

/** `cached`: the part may be reused as is until an answer to the question changes (tally.ts). */
export type SummaryParts = { host: SummaryQuestion; audience: SummaryQuestion; cached?: true };

/** One participant's answer to one question, as the ballots sheet reads it. */
export interface BallotAnswer {
  /** Chosen options in the question's order; a ranking's in its places' order. */
  optionIds: number[];
  text?: { text: string; state: AnswerState };
  value?: number;
}

export type Cell = string | number;

export interface ExportLabels {
  stateLabel: (state: AnswerState) => string;
  choiceSeparator: string;
}

export interface SummaryRowContext {
  textCounts: TextCounts | undefined;
  textTally: TextTally | undefined;
  average: string;
  hiddenWord: string;
}

/** A summary sheet row without the question's own columns. */
export interface SummaryRowPart {
  option: string | number;
  count: number;
  /** 0..1, or null when nobody answered; undefined: the type's share rule (shareOf). */
  share: number | null;
}

/** A player's answer as the close scores it: options in the order given, or a value. */
export interface ScoredAnswer {
  elapsedMs: number;
  optionIds: number[];
  value?: number;
}

export interface ScoredQuestion {
  limitSeconds: number | null;
  correctOptionIds: number[];
  /** The options in the host's order (a ranking's correct order). */
  optionIdsInOrder: number[];
  correctValue: number | null;
  tolerance: number | null;
}

export type { TextAnswerRecord };
