import { questionTypeRules } from '../../../contract/index.ts';
import { choiceModule } from './choice.ts';
import type { QuestionTypeModule } from './type-module.ts';

/** A yes/no question always gets exactly these, whatever the client sent. */
export const YES_NO_OPTIONS = ['Sí', 'No'] as const;

export const yesnoModule: QuestionTypeModule = {
  rules: questionTypeRules.yesno,
  // Quiz: the rows say which of Sí (first) and No (second) is correct.
  newOptions: (rows) =>
    YES_NO_OPTIONS.map((text, i) => ({ text, ordinal: i + 1, correct: !!rows[i]?.correct })),
  ...choiceModule(true),
};
