import {
  type BallotRow,
  exportLabels as L,
  localDateTime,
  type ResultsExport,
} from '../../domain/export-results.ts';
import { qaExportLabels as Q } from '../../domain/qa/qa-export.ts';

/**
 * The export as one CSV file (RFC 4180: comma-separated, CRLF line ends, fields with a comma, a
 * quote or a line break quoted, quotes doubled), UTF-8 with a byte order mark so Excel reads the
 * accents. Three sections one under the other (the poll, the summary, the ballots), every row
 * padded to the same number of fields so strict parsers accept the file.
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
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value.replace(
    FORMULA_AFTER_SEPARATOR,
    (_match, separator: string, gap: string) => `${separator}${gap}'`,
  );
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const BOM = '\uFEFF';
/** Rows per chunk of the stream: a page of ballots is written at once, not line by line. */
const ROWS_PER_CHUNK = 500;

export async function* resultsCsv(data: ResultsExport): AsyncGenerator<string> {
  const width = Math.max(
    L.summaryHeader.length,
    L.ballotHeader.length + data.ballotColumns.length,
    data.players?.header.length ?? 0,
  );
  const line = (cells: Cell[]) => {
    const padded = [...cells, ...Array<Cell>(width - cells.length).fill(null)];
    return `${padded.map(csvField).join(',')}\r\n`;
  };

  let chunk = BOM;
  chunk += line([L.poll, data.poll.title]);
  chunk += line([L.status, L.statuses[data.poll.status]]);
  chunk += line([L.exportedAt, localDateTime(data.exportedAt)]);
  chunk += line([L.timeZone, data.timeZone]);
  chunk += line([L.ballotCount, data.ballotCount]);
  chunk += line([]);
  chunk += line([L.summary]);
  chunk += line([...L.summaryHeader]);
  for (const row of data.summary) {
    chunk += line([
      row.question,
      row.type,
      row.option,
      row.count,
      // A percentage with one decimal, as a plain number a spreadsheet sums.
      row.share === null ? null : Number((row.share * 100).toFixed(1)),
      row.respondents,
    ]);
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
  let rows = 0;
  for await (const ballot of data.ballots()) {
    chunk += line(ballotCells(ballot));
    rows += 1;
    if (rows % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;

  // Issue 20: the audience's questions, as a fourth section.
  if (data.qaCount === 0) return;
  chunk = line([]) + line([Q.section]) + line([...Q.header]);
  for await (const q of data.audienceQuestions()) {
    chunk += line([q.text, q.nickname, q.votes, q.state, q.answered, localDateTime(q.createdAt)]);
  }
  yield chunk;
}

function ballotCells(ballot: BallotRow): Cell[] {
  return [ballot.number, localDateTime(ballot.createdAt), ...ballot.answers];
}
