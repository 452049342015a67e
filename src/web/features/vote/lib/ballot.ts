import type { Question } from '../../../../contract/poll.ts';
import type { Ballot } from '../../../../contract/vote.ts';

/** Chosen option ids per question id. */
export type Selection = Readonly<Record<number, readonly number[]>>;

export function byOrdinal<T extends { ordinal: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.ordinal - b.ordinal || a.id - b.id);
}

/** Single and yes/no keep one choice (a new one replaces it); multiple toggles. */
export function choose(selection: Selection, question: Question, optionId: number): Selection {
  const current = selection[question.id] ?? [];
  if (question.type !== 'multiple') return { ...selection, [question.id]: [optionId] };
  const next = current.includes(optionId)
    ? current.filter((id) => id !== optionId)
    : [...current, optionId];
  return { ...selection, [question.id]: next };
}

/** Only ids that still exist count: the poll may have been edited since the choice was made. */
function chosenIn(selection: Selection, question: Question): number[] {
  const valid = new Set(question.options.map((o) => o.id));
  return (selection[question.id] ?? []).filter((id) => valid.has(id));
}

export function answeredCount(questions: readonly Question[], selection: Selection): number {
  return questions.filter((q) => chosenIn(selection, q).length > 0).length;
}

export function isComplete(questions: readonly Question[], selection: Selection): boolean {
  return questions.length > 0 && answeredCount(questions, selection) === questions.length;
}

export function toBallot(questions: readonly Question[], selection: Selection): Ballot {
  return {
    answers: byOrdinal(questions)
      .map((q) => ({ questionId: q.id, optionIds: chosenIn(selection, q) }))
      .filter((a) => a.optionIds.length > 0),
  };
}
