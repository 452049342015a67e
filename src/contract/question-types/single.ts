import { MAX_OPTIONS_PER_QUESTION } from '../limits.ts';
import type { QuestionTypeRules } from './type-rules.ts';

/** Opción única: one of the host's options. */
export const singleRules: QuestionTypeRules = {
  name: 'single',
  answerKey: 'optionIds',
  options: {
    kind: 'authored',
    min: 1,
    max: MAX_OPTIONS_PER_QUESTION,
  },
  correct: 'one',
  rounds: 'shares',
};
