import type { QuestionType } from '../../contract/poll.ts';
import { multiple } from './multiple/index.ts';
import { number } from './number/index.ts';
import { ranking } from './ranking/index.ts';
import { scale } from './scale/index.ts';
import { single } from './single/index.ts';
import { text } from './text/index.ts';
import type { QuestionTypeTraits } from './types.ts';
import { yesno } from './yesno/index.ts';

/**
 * The question types the web knows, one module each. A new type adds its folder, a row here and
 * a row in each surface table (phone-fields, results-views, slide-views, result-images,
 * editor-fields); TypeScript names any table it is missing from. docs/architecture-web-types.md.
 */
export const questionTypes: Readonly<Record<QuestionType, QuestionTypeTraits>> = {
  single,
  multiple,
  yesno,
  text,
  scale,
  ranking,
  number,
};

export const traitsOf = (type: QuestionType): QuestionTypeTraits => questionTypes[type];
