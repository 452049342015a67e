import type { QuestionTypeTraits } from '../types.ts';

/** 'Respuesta abierta': one line of text, moderated by the host, shown as a cloud and a list. */
export const text: QuestionTypeTraits = {
  options: 'none',
  picks: null,
  readReply: (reply) => (typeof reply === 'string' && reply ? reply : undefined),
  toAnswer: (questionId, reply) => ({ questionId, text: String(reply).trim() }),
  percentBase: (question) => question.totalAnswers ?? 0,
  // What the results page counts: the visible answers, not held ones.
  answered: (question) => question.totalAnswers ?? 0,
  moderated: true,
  quizCorrect: null,
  rounds: 'words',
};
