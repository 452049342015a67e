import type { QuestionTypeTraits } from '../types.ts';
import { isOrderOf } from './order.ts';

/** 'Ordenar': every option placed once, first = top. */
export const ranking: QuestionTypeTraits = {
  options: 'authored',
  picks: null,
  // An order of options that changed since (one added or removed) is no reply: asked again.
  readReply: (reply, question) =>
    Array.isArray(reply) &&
    isOrderOf(
      reply,
      question.options.map((o) => o.id),
    )
      ? reply
      : undefined,
  toAnswer: (questionId, reply) => ({ questionId, ranking: [...(reply as number[])] }),
  percentBase: (question) => question.totalAnswers ?? question.respondents,
  answered: (question) => question.respondents,
  moderated: false,
  quizCorrect: 'order',
  rounds: 'points',
};
