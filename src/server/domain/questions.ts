import type { Question, QuestionType, Scale, ScaleInput } from '../../contract/index.ts';
import {
  MAX_OPTIONS_PER_QUESTION,
  MAX_QUESTIONS_PER_POLL,
  TIME_LIMIT_DEFAULT,
  validationMessages,
} from '../../contract/index.ts';
import { type PollStore, type QuestionChanges, scaleValueOptions } from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { findPollAsHost, findQuestionAsHost, toQuestionView } from './poll-view.ts';

/** A yes/no question always gets exactly these, whatever the client sent. */
export const YES_NO_OPTIONS = ['Sí', 'No'] as const;

type OptionInput = { text: string; ordinal?: number; correct?: boolean };

/**
 * The options a new question gets: yes/no gets Sí and No; an open-text question none; a scale
 * one per value (hidden by the API); otherwise the non-empty rows, in the order of their
 * ordinals (the form's order when none are given), renumbered 1..n.
 */
export function questionOptions(
  type: QuestionType,
  rows: OptionInput[],
  scale?: Scale | null,
): OptionInput[] {
  // Quiz: a yes/no question's rows say which of Sí (first) and No (second) is correct.
  if (type === 'yesno') {
    return YES_NO_OPTIONS.map((text, i) => ({ text, ordinal: i + 1, correct: !!rows[i]?.correct }));
  }
  if (type === 'text') return [];
  if (type === 'scale') return scaleValueOptions(scale?.max ?? 5);
  const kept = rows
    .map((row, index) => ({
      text: row.text.trim(),
      key: row.ordinal ?? index + 1,
      index,
      correct: !!row.correct,
    }))
    .filter((row) => row.text.length > 0)
    .sort((a, b) => a.key - b.key || a.index - b.index);
  if (kept.length === 0) throw validationError('body.options', validationMessages.optionsRequired);
  if (kept.length > MAX_OPTIONS_PER_QUESTION) {
    throw new DomainError(
      'LIMIT_REACHED',
      `Una pregunta admite como máximo ${MAX_OPTIONS_PER_QUESTION} opciones`,
    );
  }
  return kept.map((row, i) => ({ text: row.text, ordinal: i + 1, correct: row.correct }));
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
    timeLimitSeconds?: number | null;
  },
): Promise<Question> {
  const poll = await findPollAsHost(store, slug, secret);
  const scale = input.type === 'scale' && input.scale ? toScale(input.scale) : null;
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
  changes: Omit<QuestionChanges, 'scale'> & { scale?: ScaleInput },
): Promise<Question> {
  const { poll, question: current } = await findQuestionAsHost(store, questionId, secret);
  if (changes.scale && current.type !== 'scale') {
    throw validationError('body.scale', validationMessages.scaleOnlyForScale);
  }
  const question = await store.updateQuestion(questionId, {
    ...changes,
    scale: changes.scale && toScale(changes.scale),
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
