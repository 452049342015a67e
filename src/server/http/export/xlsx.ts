import { exportLabels as L, type ResultsExport } from '../../domain/export-results.ts';
import { qaExportLabels as Q } from '../../domain/qa/qa-export.ts';
import { type XlsxCell, type XlsxSheet, xlsxStream } from './xlsx-writer.ts';

/**
 * The export as an Excel workbook: a 'Resumen' sheet (the poll, then one row per option), a
 * 'Jugadores' sheet for a quiz, a 'Papeletas' sheet (one row per participant's ballots) and the
 * audience's questions. Text goes in string cells, which a spreadsheet never runs as a formula,
 * so it is written exactly as typed (no apostrophe as in the CSV). Numbers are number cells
 * (issue 24: a scale's values too), times date cells showing the wall-clock time of the export's
 * zone, percentages numbers shown as percentages. Streamed, a slice at a time (issue 25).
 */

const bold = (value: string): XlsxCell => ({ value, style: 'bold' });

export function resultsXlsx(data: ResultsExport): AsyncGenerator<Buffer> {
  const date = (at: Date): XlsxCell => ({ value: data.clock.wallClock(at), style: 'date' });
  const summary: XlsxCell[][] = [
    [bold(L.poll), data.poll.title],
    [bold(L.status), L.statuses[data.poll.status]],
    [bold(L.exportedAt), data.clock.text(data.exportedAt)],
    [bold(L.timeZone), data.clock.timeZone],
    // Each count is of what its sheet lists (issue 24).
    [bold(L.ballotCount), data.ballotCount],
    ...(data.players ? [[bold(L.players), data.players.rows.length]] : []),
    ...(data.qaCount > 0 ? [[bold(Q.section), data.qaCount]] : []),
    [],
    L.summaryHeader.map(bold),
  ];
  function* ballots(): Generator<XlsxCell[]> {
    yield [...L.ballotHeader, ...data.ballotColumns].map(bold);
    for (const ballot of data.ballots()) {
      yield [ballot.number, date(ballot.createdAt), ...ballot.answers];
    }
  }
  async function* audience(): AsyncGenerator<XlsxCell[]> {
    yield Q.header.map(bold);
    for await (const q of data.audienceQuestions()) {
      yield [q.text, q.nickname, q.votes, q.state, q.answered, date(q.createdAt)];
    }
  }
  const summaryRows = (rows: ResultsExport['summary']): XlsxCell[][] =>
    rows.map((row): XlsxCell[] => [
      row.question,
      row.type,
      row.option,
      row.count,
      row.share === null ? null : { value: row.share, style: 'percent' },
      row.respondents,
    ]);
  summary.push(...summaryRows(data.summary));
  // Issue 27: the questions' explanations under the summary, when there are any.
  if (data.explanations.length > 0) {
    summary.push([], [bold(L.explanations)], L.explanationHeader.map(bold));
    summary.push(...data.explanations.map((e): XlsxCell[] => [e.question, e.text]));
  }
  if (data.rounds.length > 0) summary.splice(5, 0, [bold(L.currentRound), data.rounds.length + 1]);
  const sheets: XlsxSheet[] = [{ name: L.summary, widths: [40, 16, 30, 8, 12], rows: summary }];
  // Issue 27: one sheet per archived round, its summary as it closed.
  for (const round of data.rounds) {
    sheets.push({
      name: L.round(round.round),
      widths: [40, 16, 30, 8, 12],
      rows: [
        [bold(L.ballotCount), round.ballots],
        [],
        L.summaryHeader.map(bold),
        ...summaryRows(round.summary),
      ],
    });
  }
  // Quiz: a 'Jugadores' sheet between the summary and the ballots.
  if (data.players) {
    sheets.push({
      name: L.players,
      widths: [8, 26, 10, 10],
      stickyHeader: true,
      rows: [data.players.header.map(bold), ...data.players.rows],
    });
  }
  sheets.push({
    name: L.ballots,
    widths: [10, 20, ...data.ballotColumns.map(() => 30)],
    stickyHeader: true,
    rows: ballots(),
  });
  // Issue 20: a sheet of the audience's questions when it asked anything.
  if (data.qaCount > 0) {
    sheets.push({
      name: Q.section,
      widths: [50, 20, 8, 22, 12, 20],
      stickyHeader: true,
      rows: audience(),
    });
  }
  return xlsxStream(sheets, data.slices);
}
