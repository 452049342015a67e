import type { QuestionTypeTraits } from '../types.ts';

/** 'Número': one value within the question's range. */
export const number: QuestionTypeTraits = {
  options: 'none',
  picks: null,
  // A value the field accepted, still inside a range the host may have narrowed since.
  readReply: (reply, question) =>
    typeof reply === 'number' &&
    question.number &&
    reply >= question.number.min &&
    reply <= question.number.max
      ? reply
      : undefined,
  toAnswer: (questionId, reply) => ({ questionId, value: Number(reply) }),
  percentBase: (question) => question.totalAnswers ?? question.respondents,
  answered: (question) => question.respondents,
  moderated: false,
  quizCorrect: 'value',
  rounds: 'average',
};
