import type { QuestionTypeRules } from './type-rules.ts';

/** Sí/No: two options the server writes; in a quiz the first row sent stands for Sí. */
export const yesnoRules: QuestionTypeRules = {
  name: 'yesno',
  answerKey: 'optionIds',
  options: { kind: 'fixed' },
  correct: 'one',
  rounds: 'shares',
};
