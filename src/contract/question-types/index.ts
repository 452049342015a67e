import { multipleRules } from './multiple.ts';
import { numberRules } from './number.ts';
import { rankingRules } from './ranking.ts';
import { scaleRules } from './scale.ts';
import { singleRules } from './single.ts';
import { textRules } from './text.ts';
import type { QuestionTypeName, QuestionTypeRules } from './type-rules.ts';
import { yesnoRules } from './yesno.ts';

/**
 * The contract's table of question types (issue 26): what the API knows of each. A new type is
 * one file here plus its entry below; the server's (src/server/question-types) and the web's
 * tables hold the rest of it (docs/architecture.md has the recipe).
 */
export const questionTypeRules: { [T in QuestionTypeName]: QuestionTypeRules & { name: T } } = {
  single: { ...singleRules, name: 'single' },
  multiple: { ...multipleRules, name: 'multiple' },
  yesno: { ...yesnoRules, name: 'yesno' },
  text: { ...textRules, name: 'text' },
  scale: { ...scaleRules, name: 'scale' },
  ranking: { ...rankingRules, name: 'ranking' },
  number: { ...numberRules, name: 'number' },
};

/** The settings fields of the types that have one ('scale', 'number'), with their rules. */
export const questionSettingsFields = Object.values(questionTypeRules).flatMap((rules) =>
  rules.settings ? [{ type: rules.name, ...rules.settings }] : [],
);

export * from './number.ts';
export * from './scale.ts';
export type * from './type-rules.ts';
