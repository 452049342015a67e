import type { Question } from '../../../../contract/poll.ts';
import type { Answer, Ballot } from '../../../../contract/vote.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { chosenIn } from '../../../question-types/choice/traits.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import type { Reply } from '../../../question-types/types.ts';

export type { Reply };
/** Replies per question id. */
export type Selection = Readonly<Record<number, Reply>>;

/** Single and yes/no keep one choice (a new one replaces it); multiple toggles. */
export function choose(selection: Selection, question: Question, optionId: number): Selection {
  const current = chosenIn(selection[question.id], question);
  if (traitsOf(question.type).picks !== 'many') return { ...selection, [question.id]: [optionId] };
  const next = current.includes(optionId)
    ? current.filter((id) => id !== optionId)
    : [...current, optionId];
  return { ...selection, [question.id]: next };
}

/** The reply as the question's type reads it, or nothing (a reply of another type, a vanished
 *  option or a value above a lowered maximum count as no reply). */
function replyOf(selection: Selection, question: Question): Reply | undefined {
  return traitsOf(question.type).readReply(selection[question.id], question);
}

/**
 * The selection that still fits a poll that changed while someone was answering: replies of
 * questions that vanished or changed type, options that vanished, and extra choices of a
 * question that stopped being multiple are dropped; everything else stays. Returns the same
 * object when nothing changed.
 */
export function reconcileSelection(
  selection: Selection,
  questions: readonly Question[],
): Selection {
  const byId = new Map(questions.map((q) => [q.id, q]));
  let changed = false;
  const next: Record<number, Reply> = {};
  for (const [key, before] of Object.entries(selection)) {
    const question = byId.get(Number(key));
    const kept = question && replyOf(selection, question);
    if (!question || kept === undefined) {
      changed = true;
      continue;
    }
    if (Array.isArray(kept) && kept.length !== (before as readonly number[]).length) changed = true;
    next[question.id] = kept;
  }
  return changed ? next : selection;
}

function isAnswered(question: Question, selection: Selection): boolean {
  const reply = replyOf(selection, question);
  return reply !== undefined && (!Array.isArray(reply) || reply.length > 0);
}

export function answeredCount(questions: readonly Question[], selection: Selection): number {
  return questions.filter((q) => isAnswered(q, selection)).length;
}

/** Positions (1-based, as the form numbers them) of the questions not answered yet. */
export function missingPositions(questions: readonly Question[], selection: Selection): number[] {
  return questions.flatMap((q, index) => (isAnswered(q, selection) ? [] : [index + 1]));
}

export function isComplete(questions: readonly Question[], selection: Selection): boolean {
  return questions.length > 0 && answeredCount(questions, selection) === questions.length;
}

/** One answer per answered question, in the shape its type takes. */
export function toBallot(questions: readonly Question[], selection: Selection): Ballot {
  const answers: Answer[] = [];
  for (const q of byOrdinal(questions)) {
    const reply = replyOf(selection, q);
    if (reply !== undefined && isAnswered(q, selection))
      answers.push(traitsOf(q.type).toAnswer(q.id, reply));
  }
  return { answers };
}
