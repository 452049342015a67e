import { questionTypeRules } from '../../../contract/index.ts';
import { choiceModule } from './choice.ts';
import { authoredOptions } from './shared.ts';
import type { QuestionTypeModule } from './type-module.ts';

export const singleModule: QuestionTypeModule = {
  rules: questionTypeRules.single,
  newOptions: (rows) => authoredOptions(rows),
  ...choiceModule(true),
};
