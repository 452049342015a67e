import type {
  NumberInput,
  NumberSettings,
  Question,
  QuestionType,
  Scale,
  ScaleInput,
} from '../../contract/index.ts';
import {
  MAX_QUESTIONS_PER_POLL,
  numberMessages,
  numberValueProblem,
  questionSettingsFields,
  TIME_LIMIT_DEFAULT,
  validationMessages,
} from '../../contract/index.ts';
import type { PollStore, QuestionChanges } from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { findPollAsHost, findQuestionAsHost, toQuestionView } from './poll-view.ts';
import { questionModule } from './question-types/index.ts';
import type { OptionRow } from './question-types/type-module.ts';

export { YES_NO_OPTIONS } from './question-types/yesno.ts';

type OptionInput = OptionRow;

/**
 * The options a new question gets, as its type's module makes them (yes/no: Sí and No; open
 * text and number: none; a scale: one per value, hidden by the API; otherwise the non-empty
 * rows in order), within the type's bounds.
 */
export function questionOptions(
  type: QuestionType,
  rows: OptionInput[],
  scale?: Scale | null,
): OptionInput[] {
  const { rules, newOptions } = questionModule(type);
  const options = newOptions(rows, { scale: scale ?? null });
  if (rules.options.kind !== 'authored') return options;
  if (options.length < rules.options.min) {
    throw validationError('body.options', validationMessages.optionsRequired);
  }
  if (options.length > rules.options.max) {
    throw new DomainError(
      'LIMIT_REACHED',
      `Una pregunta admite como máximo ${rules.options.max} opciones`,
    );
  }
  return options;
}

/** A number question's settings as stored: a blank unit is none. */
export function toNumberSettings(input: NumberInput): NumberSettings {
  return {
    min: input.min,
    max: input.max,
    decimals: input.decimals ?? 0,
    unit: input.unit ? input.unit : null,
  };
}

/** A scale as stored: a blank label is no label. */
export function toScale(input: ScaleInput): Scale {
  const label = (text: string | null | undefined) => (text ? text : null);
  return { max: input.max, minLabel: label(input.minLabel), maxLabel: label(input.maxLabel) };
}

function validationError(path: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, [{ path, message }]);
}

export async function createQuestion(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  input: {
    text: string;
    type: QuestionType;
    options: OptionInput[];
    ordinal?: number;
    scale?: ScaleInput;
    number?: NumberInput;
    correctValue?: number | null;
    tolerance?: number | null;
    timeLimitSeconds?: number | null;
    explanation?: string;
  },
): Promise<Question> {
  const poll = await findPollAsHost(store, slug, secret);
  // The contract let through only the settings of the question's type.
  const scale = input.scale ? toScale(input.scale) : null;
  const number = input.number ? toNumberSettings(input.number) : null;
  const options = questionOptions(input.type, input.options, scale);
  const existing = await store.listQuestions(poll.id);
  if (existing.length >= MAX_QUESTIONS_PER_POLL) {
    throw new DomainError(
      'LIMIT_REACHED',
      `Una encuesta admite como máximo ${MAX_QUESTIONS_PER_POLL} preguntas`,
    );
  }
  const question = await store.addQuestion(poll.id, {
    text: input.text,
    type: input.type,
    ordinal: input.ordinal,
    resultsHidden: poll.hideResultsUntilRevealed,
    scale,
    number,
    correctValue: input.correctValue ?? null,
    tolerance: input.tolerance ?? null,
    // The contract tidied it: '' is none.
    explanation: input.explanation || null,
    // New questions of a quiz default to 20 s.
    timeLimitSeconds:
      input.timeLimitSeconds !== undefined
        ? input.timeLimitSeconds
        : poll.quiz
          ? TIME_LIMIT_DEFAULT
          : null,
    options,
  });
  events.pollChanged(poll.slug);
  return toQuestionView(question);
}

export async function updateQuestion(
  store: PollStore,
  events: PollEvents,
  questionId: number,
  secret: string | undefined,
  changes: Omit<QuestionChanges, 'scale' | 'number'> & { scale?: ScaleInput; number?: NumberInput },
): Promise<Question> {
  const { poll, question: current } = await findQuestionAsHost(store, questionId, secret);
  const { rules } = questionModule(current.type);
  for (const field of questionSettingsFields) {
    if (changes[field.field] && rules.settings?.field !== field.field) {
      throw validationError(`body.${field.field}`, field.onlyForThisType);
    }
  }
  const quizValue = changes.correctValue != null || changes.tolerance != null;
  if (quizValue && rules.correct !== 'value') {
    throw validationError('body.correctValue', validationMessages.quizValueOnlyForNumber);
  }
  const number = changes.number ? toNumberSettings(changes.number) : current.number;
  const correctValue =
    changes.correctValue !== undefined ? changes.correctValue : current.correctValue;
  if (number && correctValue != null && numberValueProblem(correctValue, number)) {
    throw validationError('body.correctValue', numberMessages.correctValueOutside);
  }
  const question = await store.updateQuestion(questionId, {
    ...changes,
    scale: changes.scale && toScale(changes.scale),
    number: changes.number && toNumberSettings(changes.number),
    // '' clears it, as null does.
    explanation: changes.explanation === undefined ? undefined : changes.explanation || null,
  });
  if (!question) throw new DomainError('QUESTION_NOT_FOUND');
  events.pollChanged(poll.slug);
  return toQuestionView(question);
}

/** Deletes the question with its options and votes. */
export async function deleteQuestion(
  store: PollStore,
  events: PollEvents,
  questionId: number,
  secret: string | undefined,
): Promise<void> {
  const { poll } = await findQuestionAsHost(store, questionId, secret);
  if (!(await store.deleteQuestion(questionId))) throw new DomainError('QUESTION_NOT_FOUND');
  events.pollChanged(poll.slug);
  events.votesChanged(poll.slug);
}
