import type { CsvSeparator } from '../../../contract/index.ts';
import {
  type BallotRow,
  exportLabels as L,
  type ResultsExport,
} from '../../domain/export-results.ts';
import { qaExportLabels as Q } from '../../domain/qa/qa-export.ts';

/**
 * The export as one CSV file (RFC 4180's quoting: CRLF line ends, fields with a separator, a
 * quote or a line break quoted, quotes doubled), UTF-8 with a byte order mark so Excel reads the
 * accents. Sections one under the other (the poll, the summary, the players of a quiz, the
 * ballots, the audience's questions), every row padded to the same number of fields so strict
 * parsers accept the file.
 *
 * Issue 24: by default ';' between fields and decimal commas ('33,3'), what Excel in Spanish
 * (and most of Europe) splits into cells and reads as numbers; `separator=comma` writes ',' and
 * decimal points, the file of before.
 */

type Cell = string | number | null;

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Inside a field, where a reader with another separator starts a cell: after a ';' (Excel's list
 * separator in Spanish and most of Europe) or a tab, past any spaces or quotes. Quoting does not
 * help there: a ';' reader splits `Encuesta,"x;=2+5"` into `Encuesta,"x` and `=2+5"`.
 */
const FORMULA_AFTER_SEPARATOR = /([;\t])([ "]*)(?=[=+\-@\t\r])/g;

/**
 * One field, safe whatever separator opens the file: text that a spreadsheet would run as a
 * formula gets an apostrophe where a cell would start (the field's start, and after a ';' or a
 * tab inside it), and a field holding a separator of any reader (',' ';' tab) is quoted.
 */
export function csvField(value: Cell, decimalComma = false): string {
  if (value === null) return '';
  // A number holds no separator of either file once its decimal mark is the other one.
  if (typeof value === 'number')
    return decimalComma ? String(value).replace('.', ',') : String(value);
  let text = value.replace(
    FORMULA_AFTER_SEPARATOR,
    (_match, separator: string, gap: string) => `${separator}${gap}'`,
  );
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const BOM = '\uFEFF';
/** Characters per chunk of the stream: few writes, little held. */
const CHUNK_CHARS = 64 * 1024;

export async function* resultsCsv(
  data: ResultsExport,
  separator: CsvSeparator = 'semicolon',
): AsyncGenerator<string> {
  const comma = separator === 'comma';
  const time = (date: Date) => data.clock.text(date);
  const width = Math.max(
    L.summaryHeader.length,
    L.ballotHeader.length + data.ballotColumns.length,
    data.players?.header.length ?? 0,
  );
  const line = (cells: Cell[]) => {
    const padded = [...cells, ...Array<Cell>(width - cells.length).fill(null)];
    return `${padded.map((cell) => csvField(cell, !comma)).join(comma ? ',' : ';')}\r\n`;
  };

  let chunk = BOM;
  chunk += line([L.poll, data.poll.title]);
  chunk += line([L.status, L.statuses[data.poll.status]]);
  chunk += line([L.exportedAt, time(data.exportedAt)]);
  chunk += line([L.timeZone, data.clock.timeZone]);
  // Each count is of what its section lists (issue 24).
  chunk += line([L.ballotCount, data.ballotCount]);
  if (data.players) chunk += line([L.players, data.players.rows.length]);
  if (data.qaCount > 0) chunk += line([Q.section, data.qaCount]);
  // Issue 27: the summary is the current round's; each archived round follows as its own block.
  const current = data.rounds.length + 1;
  if (data.rounds.length > 0) chunk += line([L.currentRound, current]);
  chunk += line([]);
  chunk += line(data.rounds.length > 0 ? [L.summary, L.round(current)] : [L.summary]);
  const summaryBlock = (rows: ResultsExport['summary']) => {
    let block = line([...L.summaryHeader]);
    for (const row of rows) {
      block += line([
        row.question,
        row.type,
        row.option,
        row.count,
        // A percentage with one decimal, as a plain number a spreadsheet sums.
        row.share === null ? null : Number((row.share * 100).toFixed(1)),
        row.respondents,
      ]);
    }
    return block;
  };
  chunk += summaryBlock(data.summary);
  for (const round of data.rounds) {
    chunk += line([]);
    chunk += line([L.summary, L.round(round.round)]);
    chunk += line([L.ballotCount, round.ballots]);
    chunk += summaryBlock(round.summary);
  }
  if (data.explanations.length > 0) {
    chunk += line([]);
    chunk += line([L.explanations]);
    chunk += line([...L.explanationHeader]);
    for (const e of data.explanations) chunk += line([e.question, e.text]);
  }
  if (data.players) {
    chunk += line([]);
    chunk += line([L.players]);
    chunk += line(data.players.header);
    for (const row of data.players.rows) chunk += line(row);
  }
  chunk += line([]);
  chunk += line([L.ballots]);
  chunk += line([...L.ballotHeader, ...data.ballotColumns]);
  yield chunk;

  chunk = '';
  for (const ballot of data.ballots()) {
    chunk += line(ballotCells(ballot, time));
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
    // Yielding a chunk is a microtask, not a turn of the event loop: pause for real (issue 25).
    if (data.slices.due()) await data.slices.pause();
  }
  if (chunk) yield chunk;

  // Issue 20: the audience's questions, as a fourth section.
  if (data.qaCount === 0) return;
  chunk = line([]) + line([Q.section]) + line([...Q.header]);
  for await (const q of data.audienceQuestions()) {
    chunk += line([q.text, q.nickname, q.votes, q.state, q.answered, time(q.createdAt)]);
    if (data.slices.due()) await data.slices.pause();
  }
  yield chunk;
}

function ballotCells(ballot: BallotRow, time: (date: Date) => string): Cell[] {
  return [ballot.number, time(ballot.createdAt), ...ballot.answers];
}
