import type { HistogramBin, NumberSettings, SummaryQuestion } from '../../../contract/index.ts';
import {
  NUMBER_BINS_MAX,
  NUMBER_BINS_MIN,
  numberValueProblem,
  questionTypeRules,
} from '../../../contract/index.ts';
import { pointsFor } from '../quiz/points.ts';
import { named, row, shareOf } from './shared.ts';
import type { QuestionTypeModule } from './type-module.ts';

/**
 * Número (issue 26): one value within the question's range, stored in number_answers. In a
 * quiz, full points within `tolerance` of `correctValue`, falling linearly to none at four
 * times the tolerance away; both are the host's until the question closed.
 */
export const numberModule: QuestionTypeModule = {
  rules: questionTypeRules.number,
  newOptions: () => [],
  view: (question, reveal) => ({
    options: [],
    scale: null,
    ...(question.number ? { number: question.number } : {}),
    ...(reveal ? { correctValue: question.correctValue, tolerance: question.tolerance } : {}),
  }),
  checkAnswer(question, answer, invalid) {
    const where = { questionId: question.id };
    if (!('value' in answer) || !question.number) {
      throw invalid(`La pregunta ${named(question)} espera un número`, where);
    }
    const problem = numberValueProblem(answer.value, question.number);
    if (problem) throw invalid(problem, { ...where, value: answer.value });
  },
  toStoreAnswer: (question, answer) => ({
    questionId: question.id,
    optionIds: [],
    value: 'value' in answer ? answer.value : 0,
  }),
  summarize({ question: q, base, tally, running, closed, hiddenFromAudience, poll }) {
    const settings = q.number ?? { min: 0, max: 1, decimals: 0, unit: null };
    const values = tally.values.get(q.id) ?? [];
    const quiz = poll.quiz ? { ...(running ? { running: true } : {}) } : {};
    const answer = { correctValue: q.correctValue, tolerance: q.tolerance };
    const view = { ...base, ...quiz, options: [], number: settings };
    const host: SummaryQuestion = {
      ...view,
      totalAnswers: values.length,
      ...statistics(values),
      histogram: histogram(values, settings),
      ...(poll.quiz ? answer : {}),
    };
    const revealed = poll.quiz && closed ? answer : {};
    if (hiddenFromAudience) return { host, audience: { ...view, ...revealed } };
    const { correctValue: _v, tolerance: _t, ...counts } = host;
    return { host, audience: { ...counts, ...revealed } };
  },
  ballotHeaders: (title) => [title],
  // A number cell: the spreadsheet sums it; the ';' CSV writes it with a decimal comma.
  ballotCells: (_question, answer) => [answer.value ?? ''],
  summaryRows(q) {
    const share = shareOf(q.respondents);
    const stats: [string, number | null | undefined][] = [
      ['Mediana', q.median],
      ['Media', q.mean],
      ['Mínimo', q.min],
      ['Máximo', q.max],
    ];
    return [
      ...stats.flatMap(([label, value]) => (value == null ? [] : [row(label, value, null)])),
      ...(q.histogram ?? []).map((b) => row(`${b.from} – ${b.to}`, b.count, share(b.count))),
    ];
  },
  score(answer, question) {
    const { correctValue, tolerance } = question;
    if (answer.value === undefined || correctValue === null) {
      return { points: 0, correct: false };
    }
    const margin = tolerance ?? 0;
    const distance = Math.abs(answer.value - correctValue);
    const full = pointsFor(answer.elapsedMs, question.limitSeconds);
    // Float noise of typed decimals (0.1 + 0.2) must not cost a player the full points.
    if (distance <= margin + 1e-9 * Math.max(1, Math.abs(correctValue))) {
      return { points: full, correct: true };
    }
    const zeroAt = 4 * margin;
    const points = distance >= zeroAt ? 0 : Math.round((full * (zeroAt - distance)) / (3 * margin));
    return { points, correct: false };
  },
};

/** Median, mean, min and max of ascending values; null each with none. */
function statistics(sorted: number[]) {
  const n = sorted.length;
  if (n === 0) return { median: null, mean: null, min: null, max: null };
  const middle = Math.floor(n / 2);
  const median = n % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  let sum = 0;
  for (const v of sorted) sum += v;
  return { median, mean: sum / n, min: sorted[0]!, max: sorted[n - 1]! };
}

/**
 * NUMBER_BINS_MIN..NUMBER_BINS_MAX bins spanning the range: the narrowest 'round' width
 * (1, 2 or 5 × 10^k, never finer than the question's decimals) that needs at most
 * NUMBER_BINS_MAX bins; a range too narrow for NUMBER_BINS_MIN of them is cut in that many
 * equal parts. Each bin is [from, to); the last one takes `to` (the range's max) too.
 */
export function histogramBins(settings: NumberSettings): { from: number; to: number }[] {
  const { min, max, decimals } = settings;
  const span = max - min;
  const finest = 10 ** -decimals;
  const target = span / NUMBER_BINS_MAX;
  let width = finest;
  if (width < target) {
    const k = Math.floor(Math.log10(target));
    width = [1, 2, 5, 10].map((m) => m * 10 ** k).find((w) => w >= target * (1 - 1e-12))!;
  }
  let count = Math.ceil(span / width - 1e-9);
  if (count < NUMBER_BINS_MIN) {
    count = NUMBER_BINS_MIN;
    width = span / count;
  }
  const round = (v: number) => Number(v.toFixed(Math.min(decimals + 3, 12)));
  return Array.from({ length: count }, (_, i) => ({
    from: round(min + i * width),
    to: i === count - 1 ? max : round(min + (i + 1) * width),
  }));
}

/** The answers counted into histogramBins: one pass over ascending values. */
function histogram(sorted: number[], settings: NumberSettings): HistogramBin[] {
  const bins = histogramBins(settings).map((b) => ({ ...b, count: 0 }));
  let i = 0;
  for (const value of sorted) {
    while (i < bins.length - 1 && value >= bins[i]!.to) i++;
    bins[i]!.count++;
  }
  return bins;
}
