import { z } from 'zod';
import { HomeworkTime, PlayerClock } from './homework.ts';
import {
  EXPLANATION_MAX,
  OPTION_TEXT_MAX,
  POLL_TITLE_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  SLUG_PATTERN,
} from './limits.ts';
import { validationMessages as m } from './messages.ts';
import { questionSettingsFields, questionTypeRules } from './question-types/index.ts';
import { CorrectValue, NumberInput, NumberSettings, Tolerance } from './question-types/number.ts';
import { Scale, ScaleInput } from './question-types/scale.ts';
import { ParticipantQuizState, QuizClock, quizMessages, TimeLimitSeconds } from './quiz.ts';
import { cleanText } from './text.ts';

export const PollStatus = z.enum(['draft', 'open', 'closed']);
export type PollStatus = z.infer<typeof PollStatus>;

export const QuestionType = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionType>;

export const Settings = z.object({
  oneVotePerQuestion: z.boolean(),
  resultsPublic: z.boolean(),
  /** 'Ritmo del presentador': participants answer only the poll's current question. */
  presenterPace: z.boolean(),
  /** New questions start with their results hidden until the host reveals them (issue 9). */
  hideResultsUntilRevealed: z.boolean(),
  /** 'Moderar antes de mostrar' (issue 13): open answers wait for the host's approval. */
  moderateText: z.boolean(),
  /** 'Preguntas del público' (issue 20): the audience asks and votes questions up. */
  qa: z.boolean(),
  /** 'Revisar antes de mostrar': audience questions wait for the host's approval. */
  qaModerated: z.boolean(),
  /** 'Filtro estricto' (issue 24): open answers and audience questions holding a mild insult
   *  or a word that is one in a classroom ('tonto', 'zorra') wait for the host. On by default;
   *  the strong list hides answers whatever it says. */
  strictFilter: z.boolean(),
  /** 'Concurso' (issue 18): correct options, time limits, nicknames, points, leaderboard.
   *  A quiz is always presenter-paced, whatever `presenterPace` says. Off by default. */
  quiz: z.boolean(),
  /** 'Resultados tras votar' (issue 27): a participant who answered a question sees its
   *  results (summary and stream), none of the others'. Off by default. */
  resultsAfterVote: z.boolean(),
  /** 'Tarea' (issue 27): votes are refused (409 POLL_NOT_OPEN_YET) before `opensAt`; the server
   *  closes the poll at `closesAt`. A quiz with either set is self-paced. Null by default. */
  opensAt: HomeworkTime,
  closesAt: HomeworkTime,
  /** 'Puntos por rapidez': in a self-paced quiz, a faster correct answer scores more (off: a
   *  correct answer scores in full). Off by default. */
  speedPoints: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

const Id = z.number().int().positive();
const Ordinal = z.number().int().min(1).max(10_000);

export const PollTitle = cleanText({
  max: POLL_TITLE_MAX,
  tooLong: m.titleTooLong,
  required: m.titleRequired,
});
export const QuestionText = cleanText({
  max: QUESTION_TEXT_MAX,
  tooLong: m.questionTooLong,
  required: m.questionRequired,
});
/** 'Explicación' (issue 27): one paragraph under the rules of every text; '' clears it. */
export const ExplanationText = cleanText({ max: EXPLANATION_MAX, tooLong: m.explanationTooLong });

export const OptionText = cleanText({
  max: OPTION_TEXT_MAX,
  tooLong: m.optionTooLong,
  required: m.optionRequired,
});

export const Option = z.object({
  id: Id,
  text: z.string(),
  ordinal: z.number().int(),
  /** Whether this option is a correct answer (quiz). ABSENT (not false) from what a caller
   *  without the host secret receives until the question's quiz clock closed; always present
   *  for the host (false in a poll that is not a quiz). */
  correct: z.boolean().optional(),
});
export type Option = z.infer<typeof Option>;

export { NumberInput, NumberSettings } from './question-types/number.ts';
export { Scale, ScaleInput, ScaleMax } from './question-types/scale.ts';

export const Question = z.object({
  id: Id,
  text: z.string(),
  type: QuestionType,
  ordinal: z.number().int(),
  /** While true, only the host receives this question's counts (summary and stream). */
  resultsHidden: z.boolean(),
  /** Empty for `text`, `scale` and `number` questions. Quiz (issue 24): to anyone without the
   *  host secret, a question whose clock never started comes with `text` '' and no options nor
   *  scale labels, so no phone reads ahead; it arrives whole when it starts. A `ranking`
   *  question's options come in the authored order, except to a caller without the host secret
   *  in a quiz before the question closed: then in an order that tells nothing (by id, ordinals
   *  renumbered), since the authored order is the answer. */
  options: z.array(Option),
  /** A `scale` question's settings; null for every other type. */
  scale: Scale.nullable(),
  /** A `number` question's settings (issue 26); absent for every other type. */
  number: NumberSettings.optional(),
  /** Quiz: seconds to answer once the question is shown; null is 'Sin límite'. */
  timeLimitSeconds: z.number().int().nullable(),
  /** Quiz, `number` questions: the value that scores in full and how far from it still does
   *  (null: not set). As Option.correct: absent for a caller without the host secret until the
   *  question's quiz clock closed; absent for every other type. */
  correctValue: z.number().nullable().optional(),
  tolerance: z.number().nullable().optional(),
  /** 'Explicación' (issue 27), null when none. As Option.correct: absent for a caller without
   *  the host secret until the question's quiz clock closed; outside a quiz such a caller reads
   *  it in the summary, with the question's results (SummaryQuestion.explanation). */
  explanation: z.string().nullable().optional(),
});
export type Question = z.infer<typeof Question>;

/** Six digits, unique among the polls that are not closed: typed by people joining a room. */
export const JoinCode = z.string().regex(/^\d{6}$/, 'El código tiene 6 dígitos');

export const Poll = z.object({
  slug: z.string(),
  title: z.string(),
  status: PollStatus,
  settings: Settings,
  /** GET /join/{joinCode} (and /{joinCode} in a browser) leads to this poll while not closed. */
  joinCode: JoinCode,
  questions: z.array(Question),
  /** The question the presenter shows (set by the host's presenter view); with the presenter
   *  pace on, the only one participants are asked. Null when none, or when it was deleted. */
  currentQuestionId: z.number().int().nullable(),
  /** How many times the host reset the votes: 0 in the first run. A phone's 'vote sent' flag
   *  belongs to one run, so after a reset the same phone may vote again. */
  resetCount: z.number().int().min(0),
  /** Quiz: the clock of the current question once it started; null when not a quiz, no
   *  current question, or a current question whose clock never started. */
  clock: QuizClock.nullable(),
  /** ISO 8601 timestamps. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The server's time when this view was sent (ISO 8601): phones correct their clock by it.
   *  Last, so the server stamps a serialised view as it sends it. */
  now: z.string(),
});
export type Poll = z.infer<typeof Poll>;

/** A slug not of the generator's form is answered 404 POLL_NOT_FOUND (http/error-handler.ts)
 *  without touching the database. */
export const SlugParams = z.object({ slug: z.string().regex(SLUG_PATTERN) });
export const JoinCodeParams = z.object({ code: JoinCode });
export const JoinResponse = z.object({ slug: z.string() });
export type JoinResponse = z.infer<typeof JoinResponse>;

/** GET /polls/{slug}/me: what the caller (participant cookie) already answered in this poll. */
export const ParticipantState = ParticipantQuizState.extend({
  answeredQuestionIds: z.array(z.number().int()),
  /** A self-paced quiz (issue 27): the clock of the question the caller has open (a reload
   *  resumes it); null otherwise. */
  clock: PlayerClock.nullable(),
});

/** POST /polls/{slug}/me/next: the caller's open question of a self-paced quiz, opened now if
 *  none was; all null once every question is answered or out of time. */
export const NextQuestionResponse = z.object({
  questionId: z.number().int().nullable(),
  clock: z.object({ startedAt: z.string(), endsAt: z.string().nullable() }).nullable(),
  question: Question.nullable(),
  /** 'Pregunta 3 de 10'. */
  position: z.number().int(),
  questions: z.number().int(),
});
export type NextQuestionResponse = z.infer<typeof NextQuestionResponse>;
export type ParticipantState = z.infer<typeof ParticipantState>;
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const CreatePollBody = z.object({
  title: PollTitle,
  settings: Settings.partial().optional(),
});
export type CreatePollBody = z.input<typeof CreatePollBody>;

/** Only create and duplicate ever return the host secret. */
export const CreatePollResponse = Poll.extend({ host_secret: z.string() });
export type CreatePollResponse = z.infer<typeof CreatePollResponse>;

export const UpdatePollBody = z
  .object({
    title: PollTitle.optional(),
    status: PollStatus.optional(),
    settings: Settings.partial().optional(),
    /** Must be a question of this poll; null clears it. */
    currentQuestionId: Id.nullable().optional(),
  })
  .refine(
    (b) =>
      b.title !== undefined ||
      b.status !== undefined ||
      b.settings !== undefined ||
      b.currentQuestionId !== undefined,
    { message: m.nothingToUpdate },
  );
export type UpdatePollBody = z.input<typeof UpdatePollBody>;

/** Option rows of the new-question form; empty rows are dropped by the server too. */
export const NewOptionInput = z.object({
  text: cleanText({ max: OPTION_TEXT_MAX, tooLong: m.optionTooLong }),
  ordinal: Ordinal.optional(),
  /** Quiz: a correct answer. For yes/no the first row stands for Sí, the second for No. */
  correct: z.boolean().optional(),
});

export const CreateQuestionBody = z
  .object({
    text: QuestionText,
    type: QuestionType,
    /** Ignored for yes/no: the server gives those exactly "Sí" and "No". None (or only empty
     *  rows) for `text`, `scale` and `number`; 2 to 10 for `ranking`, in the correct order. */
    options: z.array(NewOptionInput).max(200).default([]),
    ordinal: Ordinal.optional(),
    /** Required for `scale`, refused for the other types. */
    scale: ScaleInput.optional(),
    /** Required for `number` (issue 26), refused for the other types. */
    number: NumberInput.optional(),
    /** Omitted: 20 s in a quiz, null otherwise. */
    timeLimitSeconds: TimeLimitSeconds.optional(),
    /** Quiz, `number` only: the correct value (within the range) and the full-points margin. */
    correctValue: CorrectValue.optional(),
    tolerance: Tolerance.optional(),
    /** 'Explicación' (issue 27); empty is none. */
    explanation: ExplanationText.optional(),
  })
  .superRefine((b, ctx) => {
    const report = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const rules = questionTypeRules[b.type];
    if (rules.correct === 'one') {
      const rows = b.options.filter((o) => o.text !== '' || rules.options.kind === 'fixed');
      if (rows.filter((o) => o.correct).length > 1) report(['options'], quizMessages.oneCorrect);
    }
    if (rules.options.kind === 'none' && b.options.some((o) => o.text !== '')) {
      report(['options'], rules.options.notAllowed);
    }
    for (const field of questionSettingsFields) {
      const given = b[field.field] !== undefined;
      const owned = rules.settings?.field === field.field;
      if (owned && !given) report([field.field], field.required);
      if (!owned && given) report([field.field], field.onlyForThisType);
    }
    const quizValue = b.correctValue != null || b.tolerance != null;
    if (quizValue && rules.correct !== 'value') {
      report(['correctValue'], m.quizValueOnlyForNumber);
    }
    rules.checkDraft?.(b, report);
  });
export type CreateQuestionBody = z.input<typeof CreateQuestionBody>;

export const UpdateQuestionBody = z
  .object({
    text: QuestionText.optional(),
    ordinal: Ordinal.optional(),
    /** Hide (true) or reveal (false) the question's results to everyone but the host. */
    resultsHidden: z.boolean().optional(),
    /** A scale question's settings (refused for other types). Lowering the maximum deletes the
     *  answers above it. */
    scale: ScaleInput.optional(),
    /** A number question's settings (refused for other types). Answers outside the new range
     *  or with more decimals stay counted as they were given. */
    number: NumberInput.optional(),
    /** Quiz, `number` only: the correct value and the margin; null unsets them. */
    correctValue: CorrectValue.optional(),
    tolerance: Tolerance.optional(),
    /** Quiz: seconds to answer, or null for 'Sin límite'. Changing it does not move a clock
     *  that already started. */
    timeLimitSeconds: TimeLimitSeconds.optional(),
    /** 'Explicación' (issue 27); '' or null clears it. */
    explanation: ExplanationText.nullable().optional(),
  })
  .refine(
    (b) =>
      b.explanation !== undefined ||
      b.text !== undefined ||
      b.ordinal !== undefined ||
      b.resultsHidden !== undefined ||
      b.scale !== undefined ||
      b.number !== undefined ||
      b.correctValue !== undefined ||
      b.tolerance !== undefined ||
      b.timeLimitSeconds !== undefined,
    { message: m.nothingToUpdate },
  );
export type UpdateQuestionBody = z.input<typeof UpdateQuestionBody>;

export const CreateOptionBody = z.object({
  text: OptionText,
  ordinal: Ordinal.optional(),
  /** Quiz: marks the new option correct (in a single question, the others stop being). */
  correct: z.boolean().optional(),
});
export type CreateOptionBody = z.input<typeof CreateOptionBody>;

export const UpdateOptionBody = z
  .object({
    text: OptionText.optional(),
    ordinal: Ordinal.optional(),
    /** Quiz: marking one option of a single or yes/no question correct unmarks the others. */
    correct: z.boolean().optional(),
  })
  .refine((b) => b.text !== undefined || b.ordinal !== undefined || b.correct !== undefined, {
    message: m.nothingToUpdate,
  });
export type UpdateOptionBody = z.input<typeof UpdateOptionBody>;

export const ReorderBody = z.object({
  order: z.array(z.object({ id: Id, ordinal: z.number().int() })).max(1000),
});
export type ReorderBody = z.input<typeof ReorderBody>;

export const DuplicateResponse = z.object({
  slug: z.string(),
  host_secret: z.string(),
  title: z.string(),
});
export type DuplicateResponse = z.infer<typeof DuplicateResponse>;

export const ResetResponse = z.object({ deletedVotes: z.number().int() });
export type ResetResponse = z.infer<typeof ResetResponse>;
