import {
  CorrectValue,
  ExplanationText,
  MAX_OPTIONS_PER_QUESTION,
  NumberInput,
  numberMessages,
  numberValueProblem,
  OptionText,
  type PollFileQuestion,
  QuestionText,
  type QuestionType,
  questionTypeRules,
  quizMessages,
  RANKING_OPTIONS_MAX,
  RANKING_OPTIONS_MIN,
  ScaleInput,
  TimeLimitSeconds,
  Tolerance,
  validationMessages,
} from '../../../contract/index.ts';
import type { NewQuestion, QuestionWithOptions } from '../../store/store.ts';
import { questionOptions, toScale } from '../questions.ts';
import { type DraftQuestion, lowerFirst } from './draft.ts';

/**
 * Per question type, how a stored question is written to a Sondeo file and what an imported
 * one must hold: one entry per type of the contract, so a new type (issue 26's ranking and
 * number) does not type-check until it says how it travels in a file.
 */
interface TypeRule {
  /** The type's own fields in a Sondeo file. */
  toFile(
    question: QuestionWithOptions,
  ): Pick<PollFileQuestion, 'options' | 'scale' | 'number' | 'correctValue' | 'tolerance'>;
  /** Why an imported question of this type cannot be made, or undefined when it can. */
  refuse(draft: DraftQuestion): string | undefined;
}

const choiceOptions = (q: QuestionWithOptions) => ({
  options: q.options.map((o) => ({ text: o.text, correct: o.correct })),
  scale: null,
});
const noOptions = () => ({ options: [], scale: null });

const needsOptions = (d: DraftQuestion) =>
  d.options.length === 0 ? lowerFirst(validationMessages.optionsRequired) : undefined;
const optionless = (d: DraftQuestion) =>
  d.options.length > 0 ? lowerFirst(validationMessages.optionsNotAllowed) : undefined;
const oneCorrect = (d: DraftQuestion) =>
  d.options.filter((o) => o.correct).length > 1 ? lowerFirst(quizMessages.oneCorrect) : undefined;

export const TYPE_RULES: Record<QuestionType, TypeRule> = {
  single: { toFile: choiceOptions, refuse: (d) => needsOptions(d) ?? oneCorrect(d) },
  multiple: { toFile: choiceOptions, refuse: needsOptions },
  // Sí and No are fixed texts; what a file says of them is which one is correct.
  yesno: { toFile: choiceOptions, refuse: oneCorrect },
  text: { toFile: noOptions, refuse: optionless },
  scale: {
    toFile: (q) => ({ options: [], scale: q.scale }),
    refuse: (d) => {
      if (d.options.length > 0) return lowerFirst(validationMessages.optionsNotAllowed);
      const scale = ScaleInput.safeParse(d.scale);
      return scale.success ? undefined : lowerFirst(firstIssue(scale.error));
    },
  },
  // Issue 26: a ranking travels as its options in the correct order.
  ranking: {
    toFile: choiceOptions,
    refuse: (d) =>
      d.options.length < RANKING_OPTIONS_MIN || d.options.length > RANKING_OPTIONS_MAX
        ? lowerFirst(validationMessages.rankingOptions)
        : undefined,
  },
  // Issue 26: a number travels with its range, decimals, unit and (quiz) correct value.
  number: {
    toFile: (q) => ({
      options: [],
      scale: null,
      number: q.number ?? undefined,
      correctValue: q.correctValue,
      tolerance: q.tolerance,
    }),
    refuse: (d) => optionless(d) ?? numberProblem(d),
  },
};

/** Why a number question of a file cannot be made: the rules of a typed one (the contract's). */
function numberProblem(d: DraftQuestion): string | undefined {
  const settings = NumberInput.safeParse(d.number);
  if (!settings.success) return lowerFirst(firstIssue(settings.error));
  const correct = CorrectValue.safeParse(d.correctValue ?? null);
  if (!correct.success) return lowerFirst(firstIssue(correct.error));
  const tolerance = Tolerance.safeParse(d.tolerance ?? null);
  if (!tolerance.success) return lowerFirst(firstIssue(tolerance.error));
  if (correct.data !== null && numberValueProblem(correct.data, { ...settings.data, unit: null })) {
    return lowerFirst(numberMessages.correctValueOutside);
  }
  return undefined;
}

function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? validationMessages.questionRequired;
}

/**
 * An imported question made as a typed one would be (the contract's text hygiene and lengths,
 * the option count, the type's rules), or the reason it is left out: nothing is cut short.
 * `quiz` gives questions without a time the quiz default.
 */
export function buildQuestion(
  draft: DraftQuestion,
  ordinal: number,
  defaults: { timeLimitSeconds: number | null; resultsHidden: boolean },
): NewQuestion | string {
  const text = QuestionText.safeParse(draft.text);
  if (!text.success) return lowerFirst(firstIssue(text.error));
  const rows: { text: string; correct: boolean }[] = [];
  for (const option of draft.options) {
    const parsed = OptionText.safeParse(option.text);
    if (!parsed.success) return lowerFirst(firstIssue(parsed.error));
    rows.push({ text: parsed.data, correct: option.correct });
  }
  if (rows.length > MAX_OPTIONS_PER_QUESTION) {
    return `tiene ${rows.length} opciones; una pregunta admite como máximo ${MAX_OPTIONS_PER_QUESTION}`;
  }
  const draftWithClean = { ...draft, text: text.data, options: rows };
  const refusal = TYPE_RULES[draft.type].refuse(draftWithClean);
  if (refusal) return refusal;
  // 'Explicación' (issue 27) under the rules of a typed one; a blank one is none.
  const explanation = ExplanationText.safeParse(draft.explanation ?? '');
  if (!explanation.success) return lowerFirst(firstIssue(explanation.error));
  let timeLimitSeconds = defaults.timeLimitSeconds;
  if (draft.timeLimitSeconds !== undefined) {
    const time = TimeLimitSeconds.safeParse(draft.timeLimitSeconds);
    if (!time.success) return lowerFirst(firstIssue(time.error));
    timeLimitSeconds = time.data;
  }
  // The contract's table says which type owns the `scale` field (refuse checked it above).
  const ownsScale = questionTypeRules[draft.type].settings?.field === 'scale';
  const scale = ownsScale && draft.scale ? toScale(ScaleInput.parse(draft.scale)) : null;
  const ownsNumber = questionTypeRules[draft.type].settings?.field === 'number';
  const number = ownsNumber && draft.number ? NumberInput.parse(draft.number) : null;
  return {
    text: text.data,
    type: draft.type,
    ordinal,
    resultsHidden: defaults.resultsHidden,
    scale,
    ...(number && {
      number: { ...number, unit: number.unit ?? null },
      correctValue: draft.correctValue ?? null,
      tolerance: draft.tolerance ?? null,
    }),
    timeLimitSeconds,
    explanation: explanation.data || null,
    options: questionOptions(draft.type, rows, scale),
  };
}

/** A stored question as a Sondeo file writes it. */
export function toFileQuestion(question: QuestionWithOptions): PollFileQuestion {
  return {
    type: question.type,
    text: question.text,
    ...TYPE_RULES[question.type].toFile(question),
    timeLimitSeconds: question.timeLimitSeconds,
    explanation: question.explanation,
  };
}
