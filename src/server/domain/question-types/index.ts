import type { QuestionType } from '../../../contract/index.ts';
import { multipleModule } from './multiple.ts';
import { numberModule } from './number.ts';
import { rankingModule } from './ranking.ts';
import { scaleModule } from './scale.ts';
import { singleModule } from './single.ts';
import { textModule } from './text.ts';
import type { QuestionTypeModule } from './type-module.ts';
import { yesnoModule } from './yesno.ts';

/**
 * The server's table of question types (issue 26): one module per type. Everything that
 * differs between types is asked of the module here, never by comparing a type's name
 * (docs/architecture.md: 'A new question type').
 */
export const questionModules: Record<QuestionType, QuestionTypeModule> = {
  single: singleModule,
  multiple: multipleModule,
  yesno: yesnoModule,
  text: textModule,
  scale: scaleModule,
  ranking: rankingModule,
  number: numberModule,
};

export function questionModule(type: QuestionType | string): QuestionTypeModule {
  // A type written by a newer version of the server reads as a single choice: never a crash.
  return questionModules[type as QuestionType] ?? singleModule;
}

/** Whether the question's answers are open texts (its summary part comes from a cloud). */
export function hasOpenAnswers(question: { type: QuestionType }): boolean {
  return questionModule(question.type).rules.answerKey === 'text';
}

export type * from './type-module.ts';
