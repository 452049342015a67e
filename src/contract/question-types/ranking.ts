import { RANKING_OPTIONS_MAX, RANKING_OPTIONS_MIN } from '../limits.ts';
import { validationMessages as m } from '../messages.ts';
import type { QuestionTypeRules } from './type-rules.ts';

/**
 * Ordenar (issue 26): every option placed once, first = top. In a quiz the order the host
 * authored is the correct one; no option is marked correct.
 */
export const rankingRules: QuestionTypeRules = {
  name: 'ranking',
  answerKey: 'ranking',
  options: { kind: 'authored', min: RANKING_OPTIONS_MIN, max: RANKING_OPTIONS_MAX },
  correct: 'order',
  rounds: 'points',
  checkDraft(draft, report) {
    const rows = draft.options.filter((o) => o.text !== '').length;
    if (rows < RANKING_OPTIONS_MIN || rows > RANKING_OPTIONS_MAX) {
      report(['options'], m.rankingOptions);
    }
    if (draft.options.some((o) => o.correct)) report(['options'], m.rankingNoCorrect);
  },
};
