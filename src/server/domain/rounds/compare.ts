import type {
  OptionChange,
  QuestionChange,
  QuestionTypeRules,
  Summary,
  SummaryQuestion,
  ValueChange,
} from '../../../contract/index.ts';
import { questionModule } from '../question-types/index.ts';

/** One round as compared: its summary for this caller and its quiz's % correct per question. */
export interface ComparedRound {
  summary: Summary;
  correct: Map<number, number>;
}

type Pair = { before: SummaryQuestion | undefined; after: SummaryQuestion | undefined };
type ChangeParts = Pick<QuestionChange, 'options' | 'average'>;

/**
 * How each kind of question compares across rounds, chosen by the type's `rounds` rule in the
 * contract's question-type table, so a new type picks a kind instead of adding a branch here.
 */
const changeOf: Record<QuestionTypeRules['rounds'], (pair: Pair) => ChangeParts> = {
  // Percent of the people who answered (a single answer per person makes that the share of
  // answers too; a multiple question's shares may add past 100).
  shares: (pair) => ({
    options: optionChanges(pair, (q, o) =>
      o.count === undefined || q.totalAnswers === undefined
        ? null
        : percent(o.count, q.respondents),
    ),
  }),
  // A ranking: each option's share of the Borda points given.
  points: (pair) => ({
    options: optionChanges(pair, (q, o) => {
      if (o.points === undefined) return null;
      const total = q.options.reduce((sum, x) => sum + (x.points ?? 0), 0);
      return percent(o.points, total);
    }),
  }),
  // The two clouds travel in `before` and `after`; there is no single number to subtract.
  words: () => ({}),
  // A scale's average or a number's mean (each type fills one of the two).
  average: ({ before, after }) => ({
    average: valueChange(meanOf(before), meanOf(after)),
  }),
};

/** Every question of either round, in the later round's order, with its change. */
export function compareSummaries(a: ComparedRound, b: ComparedRound): QuestionChange[] {
  const earlier = new Map(a.summary.questions.map((q) => [q.id, q]));
  const later = new Map(b.summary.questions.map((q) => [q.id, q]));
  const order = [...b.summary.questions, ...a.summary.questions.filter((q) => !later.has(q.id))];
  return order.map((q) => {
    const pair = { before: earlier.get(q.id), after: later.get(q.id) };
    const rule = questionModule(q.type).rules.rounds;
    const change: QuestionChange = {
      id: q.id,
      text: q.text,
      type: q.type,
      ordinal: q.ordinal,
      before: pair.before ?? null,
      after: pair.after ?? null,
      ...changeOf[rule](pair),
    };
    const right = [a.correct.get(q.id), b.correct.get(q.id)] as const;
    if (right[0] !== undefined || right[1] !== undefined) {
      change.correctPercent = valueChange(right[0] ?? null, right[1] ?? null);
    }
    return change;
  });
}

function optionChanges(
  { before, after }: Pair,
  share: (q: SummaryQuestion, o: SummaryQuestion['options'][number]) => number | null,
): OptionChange[] {
  const options = [...(after?.options ?? [])];
  for (const o of before?.options ?? []) {
    if (!options.some((x) => x.id === o.id)) options.push(o);
  }
  return options.map((o) => {
    const was = before?.options.find((x) => x.id === o.id);
    const is = after?.options.find((x) => x.id === o.id);
    const b = before && was ? share(before, was) : null;
    const n = after && is ? share(after, is) : null;
    return { id: o.id, text: o.text, before: b, after: n, points: difference(b, n) };
  });
}

function meanOf(q: SummaryQuestion | undefined): number | null {
  return q?.average ?? q?.mean ?? null;
}

function valueChange(before: number | null, after: number | null): ValueChange {
  return { before, after, change: difference(before, after) };
}

function difference(before: number | null, after: number | null): number | null {
  if (before === null || after === null) return null;
  // Averages keep their decimals; rounding here avoids 0.30000000000000004.
  return Math.round((after - before) * 100) / 100;
}

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((100 * part) / whole) : 0;
}
