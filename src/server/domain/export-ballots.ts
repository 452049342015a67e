import type { BallotRecord, PollStore, QuestionWithOptions } from '../store/store.ts';
import { type BallotAnswer, questionModule } from './question-types/index.ts';
import type { TimeSlices } from './time-slices.ts';

/**
 * The ballots section of an export: one row per participant (issue 17), read a page at a time
 * and in time slices (issue 25), so a poll of 200,000 ballots never holds the event loop.
 */

/** Ballots read per page: a page (its choices and answers too) is read synchronously on SQLite,
 *  ~5 ms for 250 ballots of 5 answers: well inside a slice. */
const BALLOT_PAGE = 250;

/** One cell: an option's text, the options of a multiple answer, an open answer or its state,
 *  a ranking's option at a place; a scale's or a number's value as a number (issue 24: a
 *  spreadsheet sums it); '' when unanswered. */
export type BallotCell = string | number;

export interface BallotRow {
  /** 1, 2, 3… in the order of each row's first ballot: not a database id. */
  number: number;
  /** When the row's first ballot was stored. */
  createdAt: Date;
  /** One cell per column of ballotColumns. */
  answers: BallotCell[];
}

export interface BallotRows {
  /** How many rows the section lists: what its header counts (issue 24). */
  count: number;
  /** The rows, once: each is let go as it is handed out, so the memory held falls as the file
   *  is written. */
  rows(): Generator<BallotRow>;
}

/** Between the options of one answer to a multiple question. */
const CHOICE_SEPARATOR = '; ';

/**
 * Every row of the section, read before the first is written so its header can count them. A
 * participant's ballots join one row while they answer different questions (the presenter pace:
 * one ballot per question). A ballot answering a question the row already holds (one vote per
 * question off, the same person voting again) starts a new row for that person, so no answer is
 * overwritten. Memory is one row per row listed, what the sheet holds, never the file.
 */
export async function readBallotRows(
  store: PollStore,
  pollId: number,
  questions: QuestionWithOptions[],
  stateLabel: (state: BallotRecord['texts'][number]['state']) => string,
  slices: TimeSlices,
): Promise<BallotRows> {
  // Each question's first column; its type's module says how many it takes (ballotHeaders).
  const column = new Map<number, number>();
  const widthOf = new Map<number, number>();
  let width = 0;
  for (const q of questions) {
    column.set(q.id, width);
    widthOf.set(q.id, questionModule(q.type).ballotHeaders('', q).length);
    width += widthOf.get(q.id)!;
  }
  const byId = new Map(questions.map((q) => [q.id, q]));
  const knownOption = new Set(questions.flatMap((q) => q.options.map((o) => o.id)));
  // The question's option order, not the order of ids, within one answer (a ranking's places
  // keep theirs).
  const optionRank = new Map(questions.flatMap((q) => q.options.map((o, i) => [o.id, i])));
  const labels = { stateLabel, choiceSeparator: CHOICE_SEPARATOR };
  const cellsOf = (ballot: BallotRecord): Map<number, BallotCell> => {
    const answers = new Map<number, BallotAnswer & { order: number[] }>();
    const answerOf = (questionId: number) => {
      const answer = answers.get(questionId) ?? { optionIds: [], order: [] };
      answers.set(questionId, answer);
      return answer;
    };
    for (const c of ballot.choices) {
      // A question or option added after the tally was read has no column: left out.
      if (!column.has(c.questionId) || !knownOption.has(c.optionId)) continue;
      const answer = answerOf(c.questionId);
      answer.optionIds.push(c.optionId);
      answer.order.push(c.position ?? optionRank.get(c.optionId)!);
    }
    for (const t of ballot.texts) {
      if (column.has(t.questionId)) answerOf(t.questionId).text = t;
    }
    for (const v of ballot.values) {
      if (column.has(v.questionId)) answerOf(v.questionId).value = v.value;
    }
    const cells = new Map<number, BallotCell>();
    for (const [questionId, answer] of answers) {
      const question = byId.get(questionId)!;
      const order = new Map(answer.optionIds.map((id, i) => [id, answer.order[i]!]));
      answer.optionIds.sort((a, b) => order.get(a)! - order.get(b)!);
      const own = questionModule(question.type).ballotCells(question, answer, labels);
      const first = column.get(questionId)!;
      own.forEach((cell, i) => {
        if (i < widthOf.get(questionId)!) cells.set(first + i, cell);
      });
    }
    return cells;
  };

  // The time as a number, not a Date: one object less per row of a sheet that may hold 200,000.
  const rows: ({ createdAt: number; cells: Map<number, BallotCell> } | undefined)[] = [];
  const openRow = new Map<string, NonNullable<(typeof rows)[number]>>();
  let afterId: number | undefined;
  for (;;) {
    const page = await store.listBallots(pollId, { afterId, limit: BALLOT_PAGE });
    if (page.length === 0) break;
    for (const ballot of page) {
      const cells = cellsOf(ballot);
      const row = openRow.get(ballot.participantId);
      if (row && ![...cells.keys()].some((i) => row.cells.has(i))) {
        for (const [i, cell] of cells) row.cells.set(i, cell);
      } else {
        const next = { createdAt: ballot.createdAt.getTime(), cells };
        rows.push(next);
        openRow.set(ballot.participantId, next);
      }
      if (slices.due()) await slices.pause();
    }
    afterId = page.at(-1)!.id;
  }
  openRow.clear();
  return {
    count: rows.length,
    *rows() {
      for (let index = 0; index < rows.length; index++) {
        const row = rows[index];
        if (!row) continue;
        rows[index] = undefined;
        const answers = Array.from({ length: width }, (_, i) => row.cells.get(i) ?? '');
        yield { number: index + 1, createdAt: new Date(row.createdAt), answers };
      }
    },
  };
}

export { CHOICE_SEPARATOR };
