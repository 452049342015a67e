import type { QuestionTypeTraits } from '../types.ts';

/** 'Escala': a value from 1 to 5 or 10. */
export const scale: QuestionTypeTraits = {
  options: 'none',
  picks: null,
  // A value above a lowered maximum is no reply.
  readReply: (reply, question) =>
    typeof reply === 'number' && reply <= (question.scale?.max ?? 0) ? reply : undefined,
  toAnswer: (questionId, reply) => ({ questionId, value: Number(reply) }),
  percentBase: (question) => question.totalAnswers ?? 0,
  answered: (question) => question.respondents,
  moderated: false,
  quizCorrect: null,
  rounds: 'average',
};
