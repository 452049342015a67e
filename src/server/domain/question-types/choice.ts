import type { SummaryOption, SummaryQuestion } from '../../../contract/index.ts';
import type { QuestionWithOptions } from '../../store/store.ts';
import { pointsFor } from '../quiz/points.ts';
import { named, optionView, row, shareOf } from './shared.ts';
import type { QuestionTypeModule, SummaryInput, SummaryParts } from './type-module.ts';

/**
 * What single, multiple and yes/no share: options chosen by id, counted per option, scored in a
 * quiz by the set of correct options. `single` says whether one option only may be chosen.
 */
export function choiceModule(single: boolean): Omit<QuestionTypeModule, 'rules' | 'newOptions'> {
  return {
    view: (question, reveal) => ({
      options: question.options.map((o) => optionView(o, reveal)),
      scale: null,
    }),
    checkAnswer(question, answer, invalid) {
      const where = { questionId: question.id };
      if (!('optionIds' in answer)) {
        throw invalid(`En ${named(question)} elige una de las opciones`, where);
      }
      if (answer.optionIds.length === 0) {
        throw invalid(`Elige al menos una opción en ${named(question)}`, where);
      }
      if (new Set(answer.optionIds).size !== answer.optionIds.length) {
        throw invalid(`Hay opciones repetidas en ${named(question)}`, where);
      }
      const optionIds = new Set(question.options.map((o) => o.id));
      const foreign = answer.optionIds.find((id) => !optionIds.has(id));
      if (foreign !== undefined) {
        throw invalid(`La opción ${foreign} no pertenece a la pregunta ${named(question)}`, {
          ...where,
          optionId: foreign,
        });
      }
      if (single && answer.optionIds.length !== 1) {
        throw invalid(`La pregunta ${named(question)} admite una sola opción`, where);
      }
    },
    toStoreAnswer: (question, answer) => ({
      questionId: question.id,
      optionIds: 'optionIds' in answer ? answer.optionIds : [],
    }),
    summarize: choiceSummary,
    ballotHeaders: (title) => [title],
    ballotCells: (question, answer, labels) => {
      if (answer.optionIds.length === 0) return [''];
      const text = new Map(question.options.map((o) => [o.id, o.text]));
      return [answer.optionIds.map((id) => text.get(id) ?? '').join(labels.choiceSeparator)];
    },
    summaryRows(q) {
      // A multiple question's share is of the people (they may choose several); the others',
      // of the answers.
      const share = shareOf((single ? q.totalAnswers : q.respondents) ?? 0);
      return q.options.map((o) => row(o.text, o.count ?? 0, share(o.count ?? 0)));
    },
    score(answer, question) {
      const correctSet = new Set(question.correctOptionIds);
      const chosen = new Set(answer.optionIds);
      const correct =
        correctSet.size > 0 &&
        chosen.size === correctSet.size &&
        [...chosen].every((id) => correctSet.has(id));
      return {
        correct,
        points: correct ? pointsFor(answer.elapsedMs, question.limitSeconds) : 0,
      };
    },
  };
}

function choiceSummary(input: SummaryInput): SummaryParts {
  const { question: q, base, tally, poll } = input;
  const options = q.options.map((o) => ({
    id: o.id,
    text: o.text,
    ordinal: o.ordinal,
    count: tally.byOption.get(o.id) ?? 0,
  }));
  const full = {
    ...base,
    totalAnswers: options.reduce((sum, o) => sum + o.count, 0),
    options,
  };
  if (poll.quiz) return quizViews(q, full, input);
  // Text, options and number of respondents stay (a room may know how many answered).
  return {
    host: full,
    audience: q.resultsHidden
      ? { ...base, options: options.map(({ id, text, ordinal }) => ({ id, text, ordinal })) }
      : full,
  };
}

/**
 * A choice question of a quiz: the host gets `correct` and `correctOptionIds` always; everyone
 * else once the question closed, and no counts while its clock runs (or the host hid them).
 */
function quizViews(
  q: QuestionWithOptions,
  full: SummaryQuestion & { options: (SummaryOption & { count: number })[] },
  state: SummaryInput,
): SummaryParts {
  const correctOf = new Map(q.options.map((o) => [o.id, o.correct]));
  const correctOptionIds = q.options.filter((o) => o.correct).map((o) => o.id);
  const running = state.running ? { running: true } : {};
  const host = {
    ...full,
    ...running,
    correctOptionIds,
    options: full.options.map((o) => ({ ...o, correct: correctOf.get(o.id) ?? false })),
  };
  const { totalAnswers, options, ...rest } = full;
  const audience: SummaryQuestion = {
    ...rest,
    ...running,
    ...(state.hiddenFromAudience ? {} : { totalAnswers }),
    ...(state.closed ? { correctOptionIds } : {}),
    options: options.map(({ count, ...o }) => ({
      ...o,
      ...(state.hiddenFromAudience ? {} : { count }),
      ...(state.closed ? { correct: correctOf.get(o.id) ?? false } : {}),
    })),
  };
  return { host, audience };
}
