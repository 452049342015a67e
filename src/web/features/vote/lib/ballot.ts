import type { Question } from '../../../../contract/poll.ts';
import type { Ballot } from '../../../../contract/vote.ts';
import { byOrdinal } from '../../../lib/order.ts';

/** Chosen option ids per question id. */
export type Selection = Readonly<Record<number, readonly number[]>>;

/** Single and yes/no keep one choice (a new one replaces it); multiple toggles. */
export function choose(selection: Selection, question: Question, optionId: number): Selection {
  const current = selection[question.id] ?? [];
  if (question.type !== 'multiple') return { ...selection, [question.id]: [optionId] };
  const next = current.includes(optionId)
    ? current.filter((id) => id !== optionId)
    : [...current, optionId];
  return { ...selection, [question.id]: next };
}

/**
 * The selection that still fits a poll that changed while someone was answering: choices of
 * questions that vanished, options that vanished, and extra choices of a question that stopped
 * being multiple are dropped; everything else stays. Returns the same object when nothing changed.
 */
export function reconcileSelection(
  selection: Selection,
  questions: readonly Question[],
): Selection {
  const byId = new Map(questions.map((q) => [q.id, q]));
  let changed = false;
  const next: Record<number, readonly number[]> = {};
  for (const [key, chosen] of Object.entries(selection)) {
    const question = byId.get(Number(key));
    if (!question) {
      changed = true;
      continue;
    }
    const kept = chosenIn(selection, question);
    if (question.type !== 'multiple' && kept.length > 1) {
      // A question that became single-choice: no way to know which one the person meant.
      changed = true;
      continue;
    }
    if (kept.length !== chosen.length) changed = true;
    next[question.id] = kept;
  }
  return changed ? next : selection;
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
