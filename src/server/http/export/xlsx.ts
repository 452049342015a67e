import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/node';
import {
  exportLabels as L,
  localDateTime,
  type ResultsExport,
} from '../../domain/export-results.ts';
import { qaExportLabels as Q } from '../../domain/qa/qa-export.ts';

/**
 * The export as an Excel workbook: a 'Resumen' sheet (the poll, then one row per option) and a
 * 'Papeletas' sheet (one row per ballot). Text goes in string cells, which a spreadsheet never
 * runs as a formula, so it is written exactly as typed (no apostrophe as in the CSV). Times are
 * date cells showing the server's local time; percentages are numbers shown as percentages.
 */

const bold = (value: string): Cell => ({ value, fontWeight: 'bold' });
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Excel dates have no zone: the local wall-clock time, as a UTC instant, shows as local. */
function wallClock(date: Date): Date {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
}

export async function resultsXlsx(data: ResultsExport): Promise<Buffer> {
  const summary: SheetData = [
    [bold(L.poll), data.poll.title],
    [bold(L.status), L.statuses[data.poll.status]],
    [bold(L.exportedAt), localDateTime(data.exportedAt)],
    [bold(L.timeZone), data.timeZone],
    [bold(L.ballotCount), data.ballotCount],
    [],
    L.summaryHeader.map(bold),
    ...data.summary.map((row): Cell[] => [
      row.question,
      row.type,
      row.option,
      row.count,
      row.share === null ? null : { value: row.share, format: '0.0%' },
      row.respondents,
    ]),
  ];
  const ballots: SheetData = [[...L.ballotHeader, ...data.ballotColumns].map(bold)];
  for await (const ballot of data.ballots()) {
    ballots.push([
      ballot.number,
      { value: wallClock(ballot.createdAt), type: Date, format: DATE_FORMAT },
      ...ballot.answers.map((text) => text || null),
    ]);
  }
  const audience: SheetData = [Q.header.map(bold)];
  for await (const q of data.audienceQuestions()) {
    audience.push([
      q.text,
      q.nickname,
      q.votes,
      q.state,
      q.answered,
      { value: wallClock(q.createdAt), type: Date, format: DATE_FORMAT },
    ]);
  }
  // Quiz: a 'Jugadores' sheet between the summary and the ballots.
  const players = data.players && {
    sheet: L.players,
    data: [data.players.header.map(bold), ...data.players.rows] as SheetData,
    columns: [{ width: 8 }, { width: 26 }, { width: 10 }, { width: 10 }],
    stickyRowsCount: 1,
  };
  return writeExcelFile([
    {
      sheet: L.summary,
      data: summary,
      columns: [{ width: 40 }, { width: 16 }, { width: 30 }, { width: 8 }, { width: 12 }],
    },
    ...(players ? [players] : []),
    {
      sheet: L.ballots,
      data: ballots,
      columns: [{ width: 10 }, { width: 20 }, ...data.ballotColumns.map(() => ({ width: 30 }))],
      stickyRowsCount: 1,
    },
    // Issue 20: a third sheet when the audience asked anything.
    ...(data.qaCount === 0
      ? []
      : [
          {
            sheet: Q.section,
            data: audience,
            columns: [
              { width: 50 },
              { width: 20 },
              { width: 8 },
              { width: 22 },
              { width: 12 },
              { width: 20 },
            ],
            stickyRowsCount: 1,
          },
        ]),
  ]).toBuffer();
}
