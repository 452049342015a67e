import { questionTypeRules, type SummaryTextAnswer } from '../../../contract/index.ts';
import type { TextAnswerRecord } from '../../store/store.ts';
import { publicAnswer } from '../moderation/hidden-answers.ts';
import { hiddenTest } from '../moderation/hidden-words.ts';
import { rateText } from '../moderation/profanity.ts';
import { cloudEntries, hostCloud, publicCloud } from '../words/cloud.ts';
import { cloudWords } from '../words/words.ts';
import { named, row, shareOf } from './shared.ts';
import type { QuestionTypeModule } from './type-module.ts';

/** An open answer as a list shows it. */
export function answerView(answer: TextAnswerRecord): SummaryTextAnswer {
  return { id: answer.id, text: answer.text, createdAt: answer.createdAt.toISOString() };
}

/** Respuesta abierta: a short text per answer, screened as it is stored, shown as a cloud. */
export const textModule: QuestionTypeModule = {
  rules: questionTypeRules.text,
  newOptions: () => [],
  view: () => ({ options: [], scale: null }),
  checkAnswer(question, answer, invalid) {
    if (!('text' in answer)) {
      throw invalid(`La pregunta ${named(question)} espera una respuesta escrita`, {
        questionId: question.id,
      });
    }
  },
  toStoreAnswer(question, answer, filter) {
    const text = 'text' in answer ? answer.text : '';
    const rating = rateText(text);
    const flagged = rating === 'strong' || (filter.isBlocked?.(text) ?? false);
    // 'Filtro estricto' (issue 24): a mild insult waits for the host's one click.
    const held = filter.strictFilter && rating === 'doubt';
    return {
      questionId: question.id,
      optionIds: [],
      text: { text, words: cloudWords(text), flagged, ...(held ? { held } : {}) },
    };
  },
  summarize({ question: q, base, tally, hiddenFromAudience }) {
    const texts = tally.textTally.get(q.id);
    const count = tally.textCounts.get(q.id);
    const isHidden = hiddenTest(texts?.hiddenKeys ?? []);
    const entries = cloudEntries(count?.words ?? []);
    const host = {
      ...base,
      totalAnswers: count?.visible ?? 0,
      options: [],
      words: hostCloud(entries, isHidden),
      answers: (texts?.recent ?? []).map((a) => ({ ...answerView(a), state: a.state })),
      pendingCount: count?.pending ?? 0,
    };
    const audience = hiddenFromAudience
      ? { ...base, options: [], words: [], answers: [] }
      : {
          ...base,
          totalAnswers: count?.visible ?? 0,
          options: [],
          words: publicCloud(entries, isHidden),
          // Issue 24: an answer holding a hidden word is hidden too (hidden-answers.ts).
          answers: (texts?.recentVisible ?? [])
            .filter((a) => publicAnswer(a, isHidden))
            .map(answerView),
        };
    // Reused until an answer to it changes: a cloud costs ~1 ms to build again.
    return { host, audience, cached: true };
  },
  // The host's export holds every answer, hidden ones too: the state goes beside it.
  ballotHeaders: (title) => [title, `${title} (estado)`],
  ballotCells: (_question, answer, labels) =>
    answer.text ? [answer.text.text, labels.stateLabel(answer.text.state)] : ['', ''],
  summaryRows(q, context) {
    // Every word kept, not only the 60 of the cloud; a share of the people who answered.
    const share = shareOf(q.respondents);
    const isHidden = hiddenTest(context.textTally?.hiddenKeys ?? []);
    return cloudEntries(context.textCounts?.words ?? []).map((e) =>
      row(isHidden(e.key) ? `${e.text}${context.hiddenWord}` : e.text, e.count, share(e.count)),
    );
  },
};
