import { z } from 'zod';
import { ANSWER_STATES } from './limits.ts';
import { NumberSettings, PollStatus, QuestionType, Scale } from './poll.ts';

export const SummaryOption = z.object({
  id: z.number().int(),
  text: z.string(),
  ordinal: z.number().int(),
  /** Absent while the question's results are hidden from this caller. */
  count: z.number().int().optional(),
  /** Quiz: as Option.correct — absent for a caller without the host secret until the
   *  question's clock closed. */
  correct: z.boolean().optional(),
  // ── `ranking` only (issue 26); absent while the results are hidden from this caller ──
  /** The mean place given (1 = top), null with no answers. */
  meanRank: z.number().nullable().optional(),
  /** Borda points: n − k for each answer putting it at place k+1 (n = options). */
  points: z.number().int().optional(),
  /** positions[k]: how many answers put it at place k+1; as long as the options. */
  positions: z.array(z.number().int()).optional(),
});
export type SummaryOption = z.infer<typeof SummaryOption>;

export const AnswerState = z.enum(ANSWER_STATES);
export type AnswerState = z.infer<typeof AnswerState>;

/** A word (or short phrase) of an open-text question's cloud. */
export const SummaryWord = z.object({
  /** The most frequent spelling of the answers grouped under it (case and accents folded). */
  text: z.string(),
  /** Visible answers that contain it. */
  count: z.number().int(),
  /** Host only: the host hid it from the public cloud. */
  hidden: z.literal(true).optional(),
});
export type SummaryWord = z.infer<typeof SummaryWord>;

/** An open answer as a list shows it. */
export const SummaryTextAnswer = z.object({
  id: z.number().int(),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Host only; everyone else only ever receives visible answers. */
  state: AnswerState.optional(),
});
export type SummaryTextAnswer = z.infer<typeof SummaryTextAnswer>;

export const SummaryScaleValue = z.object({
  value: z.number().int(),
  count: z.number().int(),
});
export type SummaryScaleValue = z.infer<typeof SummaryScaleValue>;

/** A bin of a number question's histogram: values in [from, to) (the last bin takes `to`). */
export const HistogramBin = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});
export type HistogramBin = z.infer<typeof HistogramBin>;

export const SummaryQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  type: QuestionType,
  ordinal: z.number().int(),
  /** Sum of the option counts (choices); for `text`, the visible answers (those in the cloud);
   *  for `scale`, `ranking` and `number`, the answers. Absent while hidden from this caller. */
  totalAnswers: z.number().int().optional(),
  /** Ballots that answered this question: the percentage base of a multiple question (shares
   *  of people, which may add up past 100 %). Public even while the results are hidden. */
  respondents: z.number().int(),
  /** The host has hidden the results: others get no counts; the host gets them, marked. */
  hidden: z.boolean(),
  /** Empty for `text`, `scale` and `number`. A `ranking` question's come sorted as the host
   *  authored them, with meanRank, points and positions (no `count`). */
  options: z.array(SummaryOption),
  // ── `text` only ──
  /** Most frequent first, at most CLOUD_WORDS_MAX; hidden words only for the host (marked).
   *  Empty while the results are hidden from this caller. */
  words: z.array(SummaryWord).optional(),
  /** Newest first, at most SUMMARY_ANSWERS_MAX: visible ones only, except for the host (every
   *  state, with `state`). Empty while the results are hidden from this caller. */
  answers: z.array(SummaryTextAnswer).optional(),
  /** Host only: answers waiting for the host (held and flagged). */
  pendingCount: z.number().int().optional(),
  // ── `scale` only ──
  /** Every value from 1 to max with its count. Absent while hidden from this caller. */
  values: z.array(SummaryScaleValue).optional(),
  /** The exact mean of the answers, null with none. Absent while hidden from this caller. */
  average: z.number().nullable().optional(),
  scale: Scale.optional(),
  // ── `number` only (issue 26) ──
  number: NumberSettings.optional(),
  /** Statistics of the answers, null with none. Absent while hidden from this caller. */
  median: z.number().nullable().optional(),
  mean: z.number().nullable().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  /** NUMBER_BINS_MIN to NUMBER_BINS_MAX bins of equal width spanning the question's range.
   *  Absent while hidden from this caller. */
  histogram: z.array(HistogramBin).optional(),
  /** Quiz: the correct value and margin, as Question.correctValue (host always, others once
   *  the question closed). */
  correctValue: z.number().nullable().optional(),
  tolerance: z.number().nullable().optional(),
  // ── quiz only ──
  /** The correct options of a quiz question: for the host always, for others once it closed
   *  (absent before; empty when none is marked). */
  correctOptionIds: z.array(z.number().int()).optional(),
  /** True while the question's quiz clock runs: others get no counts (as `hidden`, but
   *  `hidden` keeps meaning the host's choice); `respondents` stays public. */
  running: z.boolean().optional(),
  /** 'Explicación' (issue 27), null when none: for the host always; for others with the
   *  question's results (absent while they are hidden, running, or in a quiz before the
   *  question closed). */
  explanation: z.string().nullable().optional(),
});
export type SummaryQuestion = z.infer<typeof SummaryQuestion>;

export const Summary = z.object({
  slug: z.string(),
  title: z.string(),
  status: PollStatus,
  /** Number of ballots. */
  totalVotes: z.number().int(),
  updatedAt: z.string(),
  questions: z.array(SummaryQuestion),
});
export type Summary = z.infer<typeof Summary>;
