import type { SummaryOption } from '../../../contract/index.ts';
import { questionTypeRules, validationMessages } from '../../../contract/index.ts';
import type { QuestionWithOptions } from '../../store/store.ts';
import { pointsFor } from '../quiz/points.ts';
import { authoredOptions, named, optionView, row } from './shared.ts';
import type { QuestionTypeModule } from './type-module.ts';

/**
 * Ordenar (issue 26): every option placed once, top first, stored as choices with their place.
 * In a quiz the host's order is the correct one, so to anyone who may not know the answer yet
 * the options come in an order that tells nothing (by id, renumbered).
 */
export const rankingModule: QuestionTypeModule = {
  rules: questionTypeRules.ranking,
  // The authored order is the answer: no option is marked correct, and the rows are stored in
  // a shuffled order (their ordinals kept) so the options' ids do not tell the order either.
  newOptions: (rows) => shuffled(authoredOptions(rows, false)),
  view: (question, reveal, quiz) => ({
    options: (quiz && !reveal ? concealedOrder(question) : question.options).map((o) =>
      optionView(o, reveal),
    ),
    scale: null,
  }),
  checkAnswer(question, answer, invalid) {
    const where = { questionId: question.id };
    if (!('ranking' in answer)) {
      throw invalid(`La pregunta ${named(question)} espera las opciones ordenadas`, where);
    }
    const ids = new Set(question.options.map((o) => o.id));
    const given = new Set(answer.ranking);
    const whole =
      given.size === answer.ranking.length &&
      answer.ranking.length === ids.size &&
      answer.ranking.every((id) => ids.has(id));
    if (!whole) {
      throw invalid(`${validationMessages.rankingShape} (${named(question)})`, {
        ...where,
        expected: ids.size,
      });
    }
  },
  toStoreAnswer: (question, answer) => ({
    questionId: question.id,
    optionIds: 'ranking' in answer ? answer.ranking : [],
    ranked: true,
  }),
  summarize({ question: q, base, tally, running, closed, hiddenFromAudience, poll }) {
    const n = q.options.length;
    const options = q.options.map((o): SummaryOption => {
      const positions = Array.from({ length: n }, (_, k) => tally.places.get(o.id)?.[k] ?? 0);
      const answers = positions.reduce((sum, c) => sum + c, 0);
      const rankSum = positions.reduce((sum, c, k) => sum + c * (k + 1), 0);
      return {
        id: o.id,
        text: o.text,
        ordinal: o.ordinal,
        meanRank: answers > 0 ? rankSum / answers : null,
        points: positions.reduce((sum, c, k) => sum + c * (n - k), 0),
        positions,
      };
    });
    const quiz = poll.quiz ? { ...(running ? { running: true } : {}) } : {};
    const host = { ...base, ...quiz, totalAnswers: base.respondents, options };
    if (!hiddenFromAudience) return { host, audience: host };
    // Before a quiz question closed, its order is its answer (view above).
    const shown = poll.quiz && !closed ? concealedOrder(q) : q.options;
    return {
      host,
      audience: {
        ...base,
        ...quiz,
        options: shown.map(({ id, text, ordinal }) => ({ id, text, ordinal })),
      },
    };
  },
  // One column per place, holding the option's text.
  ballotHeaders: (title, question) => question.options.map((_, k) => `${title} (${k + 1}.º)`),
  ballotCells(question, answer) {
    const text = new Map(question.options.map((o) => [o.id, o.text]));
    return question.options.map((_, k) => {
      const id = answer.optionIds[k];
      return id === undefined ? '' : (text.get(id) ?? '');
    });
  },
  // Borda points in the count column; the mean place has no share.
  summaryRows: (q) => q.options.map((o) => row(o.text, o.points ?? 0, null)),
  score(answer, question) {
    const order = question.optionIdsInOrder;
    if (order.length === 0) return { points: 0, correct: false };
    const inPlace = order.filter((id, k) => answer.optionIds[k] === id).length;
    const full = pointsFor(answer.elapsedMs, question.limitSeconds);
    return {
      points: Math.round((full * inPlace) / order.length),
      correct: inPlace === order.length,
    };
  },
};

/** The options by id, renumbered 1..n: an order that says nothing of the host's. */
function concealedOrder(question: QuestionWithOptions) {
  return [...question.options]
    .sort((a, b) => a.id - b.id)
    .map((o, i) => ({ ...o, ordinal: i + 1 }));
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
