import { questionTypeRules } from '../../../contract/index.ts';
import { choiceModule } from './choice.ts';
import { authoredOptions } from './shared.ts';
import type { QuestionTypeModule } from './type-module.ts';

export const multipleModule: QuestionTypeModule = {
  rules: questionTypeRules.multiple,
  newOptions: (rows) => authoredOptions(rows),
  ...choiceModule(false),
};
