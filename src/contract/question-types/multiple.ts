import { MAX_OPTIONS_PER_QUESTION } from '../limits.ts';
import type { QuestionTypeRules } from './type-rules.ts';

/** Opción múltiple: any number of the host's options. */
export const multipleRules: QuestionTypeRules = {
  name: 'multiple',
  answerKey: 'optionIds',
  options: {
    kind: 'authored',
    min: 1,
    max: MAX_OPTIONS_PER_QUESTION,
  },
  correct: 'many',
  rounds: 'shares',
};
