import {
  type BallotRow,
  exportLabels as L,
  localDateTime,
  type ResultsExport,
} from '../../domain/export-results.ts';

/**
 * The export as one CSV file (RFC 4180: comma-separated, CRLF line ends, fields with a comma, a
 * quote or a line break quoted, quotes doubled), UTF-8 with a byte order mark so Excel reads the
 * accents. Three sections one under the other (the poll, the summary, the ballots), every row
 * padded to the same number of fields so strict parsers accept the file.
 */

type Cell = string | number | null;

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: text that a spreadsheet would run as a formula starts with an apostrophe. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
}

function ballotCells(ballot: BallotRow): Cell[] {
  return [ballot.number, localDateTime(ballot.createdAt), ...ballot.answers];
}
