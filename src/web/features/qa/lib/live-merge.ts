import type { QaFrame, QaQuestion } from '../../../../contract/qa.ts';

/**
 * What a `qa` frame changes in a list a person is reading, without moving it under their
 * finger: counts, marks and states of the questions shown are updated in place; questions the
 * list does not hold yet are only counted (the page offers 'N preguntas nuevas').
 */
export function mergeFrame(
  shown: QaQuestion[],
  frame: QaFrame | undefined,
): { questions: QaQuestion[]; newCount: number } {
  if (!frame) return { questions: shown, newCount: 0 };
  const latest = new Map<number, QaQuestion>();
  for (const q of [...frame.answered, ...frame.recent, ...frame.top]) latest.set(q.id, q);
  if (frame.pinned) latest.set(frame.pinned.id, frame.pinned);
  const questions = shown.map((q) => {
    const now = latest.get(q.id);
    // The frame is everyone's: this page's own vote stays as it knows it.
    return now ? { ...q, votes: now.votes, answered: now.answered, pinned: now.pinned } : q;
  });
  const known = new Set(shown.map((q) => q.id));
  const newest = shown.reduce((max, q) => Math.max(max, q.id), 0);
  // Ids grow with time: a question newer than everything shown, in the frame's newest ones.
  const newCount = frame.recent.filter((q) => !known.has(q.id) && q.id > newest).length;
  return { questions, newCount };
}

/** The list as the phone shows it: open questions first (in the chosen order), answered apart. */
export function splitAnswered(questions: QaQuestion[]): {
  open: QaQuestion[];
  answered: QaQuestion[];
} {
  return {
    open: questions.filter((q) => !q.answered),
    answered: questions.filter((q) => q.answered),
  };
}
