import { validationMessages as m } from '../messages.ts';
import type { QuestionTypeRules } from './type-rules.ts';

/** Respuesta abierta: a short text per answer, gathered in a word cloud. */
export const textRules: QuestionTypeRules = {
  name: 'text',
  answerKey: 'text',
  options: { kind: 'none', notAllowed: m.optionsNotAllowed },
  correct: 'none',
  rounds: 'words',
};
