import type { Question } from '../../../contract/poll.ts';
import type { SummaryQuestion } from '../../../contract/summary.ts';
import type { QuestionTypeTraits, Reply } from '../types.ts';

/** Only ids that still exist count: the poll may have been edited since the choice was made. */
export function chosenIn(reply: Reply | undefined, question: Question): number[] {
  if (!Array.isArray(reply)) return [];
  const valid = new Set(question.options.map((o) => o.id));
  return reply.filter((id) => valid.has(id));
}

/** The answers of a question whose people choose one option each. */
const answersOf = (question: SummaryQuestion) =>
  question.totalAnswers ?? question.options.reduce((sum, o) => sum + (o.count ?? 0), 0);

/** Single, multiple and yes/no: the same choosing, told apart by how many and whose options. */
export function choiceTraits(
  picks: 'one' | 'many',
  options: 'authored' | 'fixed',
): QuestionTypeTraits {
  return {
    options,
    picks,
    readReply(reply, question) {
      if (!Array.isArray(reply)) return undefined;
      const chosen = chosenIn(reply, question);
      // A question that became single-choice: no way to know which one the person meant.
      if (picks === 'one' && chosen.length > 1) return undefined;
      return chosen;
    },
    toAnswer: (questionId, reply) => ({ questionId, optionIds: [...(reply as number[])] }),
    // Multiple: shares of the people who answered ('Luz' chosen by all 3 voters is 100 %, and
    // the options may add up past 100 %); otherwise of the answers, one per person.
    percentBase: (question) => (picks === 'many' ? question.respondents : answersOf(question)),
    answered: (question) => question.respondents,
    moderated: false,
    quizCorrect: picks,
    rounds: 'shares',
  };
}
