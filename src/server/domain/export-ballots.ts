import type { BallotRecord, PollStore, QuestionWithOptions } from '../store/store.ts';
import type { TimeSlices } from './time-slices.ts';

/**
 * The ballots section of an export: one row per participant (issue 17), read a page at a time
 * and in time slices (issue 25), so a poll of 200,000 ballots never holds the event loop.
 */

/** Ballots read per page: a page (its choices and answers too) is read synchronously on SQLite,
 *  ~5 ms for 250 ballots of 5 answers: well inside a slice. */
const BALLOT_PAGE = 250;

/** One cell: an option's text, the options of a multiple answer, an open answer or its state;
 *  a scale's value as a number (issue 24: a spreadsheet sums it); '' when unanswered. */
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
  // Each question's first column; an open-text question's state goes in the next one.
  const column = new Map<number, number>();
  let width = 0;
  for (const q of questions) {
    column.set(q.id, width);
    width += q.type === 'text' ? 2 : 1;
  }
  const optionText = new Map(questions.flatMap((q) => q.options.map((o) => [o.id, o.text])));
  // A scale's value options hold their value as text: the cell gets the number.
  const scaleColumns = new Set(
    questions.filter((q) => q.type === 'scale').map((q) => column.get(q.id)!),
  );
  // The question's option order, not the order of ids, within one answer.
  const optionRank = new Map(questions.flatMap((q) => q.options.map((o, i) => [o.id, i])));
  const cellsOf = (ballot: BallotRecord): Map<number, BallotCell> => {
    const chosen = new Map<number, number[]>();
    for (const c of ballot.choices) {
      // A question or option added after the tally was read has no column: left out.
      const i = column.get(c.questionId);
      if (i !== undefined && optionText.has(c.optionId)) {
        chosen.set(i, [...(chosen.get(i) ?? []), c.optionId]);
      }
    }
    const cells = new Map<number, BallotCell>();
    for (const [i, ids] of chosen) {
      const text = ids
        .sort((a, b) => optionRank.get(a)! - optionRank.get(b)!)
        .map((id) => optionText.get(id)!)
        .join(CHOICE_SEPARATOR);
      const value = Number(text);
      cells.set(i, scaleColumns.has(i) && Number.isFinite(value) ? value : text);
    }
    for (const t of ballot.texts) {
      const i = column.get(t.questionId);
      if (i === undefined) continue;
      cells.set(i, t.text);
      cells.set(i + 1, stateLabel(t.state));
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
