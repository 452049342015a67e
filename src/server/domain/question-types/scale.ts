import { questionTypeRules, validationMessages } from '../../../contract/index.ts';
import { scaleValueOptions } from '../../store/store.ts';
import { named, row, shareOf } from './shared.ts';
import type { QuestionTypeModule } from './type-module.ts';

/** Escala: a whole value from 1 to max, stored as the hidden option standing for it
 *  (ordinal = value), so it is counted as a choice. */
export const scaleModule: QuestionTypeModule = {
  rules: questionTypeRules.scale,
  newOptions: (_rows, { scale }) => scaleValueOptions(scale?.max ?? 5),
  // A scale's options are its values, answered by `value`: not shown as options.
  view: (question) => ({ options: [], scale: question.scale }),
  checkAnswer(question, answer, invalid) {
    const max = question.scale?.max ?? 0;
    const where = { questionId: question.id };
    if (!('value' in answer)) {
      throw invalid(`La pregunta ${named(question)} espera un valor de 1 a ${max}`, where);
    }
    if (!Number.isInteger(answer.value) || answer.value < 1 || answer.value > 10) {
      throw invalid(validationMessages.scaleValue, { ...where, value: answer.value });
    }
    if (answer.value > max) {
      throw invalid(`El valor de ${named(question)} debe estar entre 1 y ${max}`, {
        ...where,
        value: answer.value,
      });
    }
  },
  toStoreAnswer(question, answer) {
    const value = 'value' in answer ? answer.value : 0;
    const option = question.options.find((o) => o.ordinal === value);
    // A scale without that value's option is a poll changed under the ballot: 0 matches no
    // option, so the store answers stale-ballot.
    return { questionId: question.id, optionIds: [option?.id ?? 0] };
  },
  summarize({ question: q, base, tally, hiddenFromAudience }) {
    const values = [...q.options]
      .sort((a, b) => a.ordinal - b.ordinal)
      .map((o) => ({ value: o.ordinal, count: tally.byOption.get(o.id) ?? 0 }));
    const total = values.reduce((sum, v) => sum + v.count, 0);
    const weighted = values.reduce((sum, v) => sum + v.value * v.count, 0);
    const view = { ...base, options: [], ...(q.scale ? { scale: q.scale } : {}) };
    const full = {
      ...view,
      totalAnswers: total,
      values,
      average: total > 0 ? weighted / total : null,
    };
    return { host: full, audience: hiddenFromAudience ? view : full };
  },
  ballotHeaders: (title) => [title],
  // The value as a number (issue 24: a spreadsheet sums it).
  ballotCells: (question, answer) => {
    const option = question.options.find((o) => o.id === answer.optionIds[0]);
    return [option ? option.ordinal : ''];
  },
  summaryRows(q, context) {
    const share = shareOf(q.totalAnswers ?? 0);
    return [
      ...(q.values ?? []).map((v) => row(v.value, v.count, share(v.count))),
      ...(q.average == null ? [] : [row(context.average, q.average, null)]),
    ];
  },
};
