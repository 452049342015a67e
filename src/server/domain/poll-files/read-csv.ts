import type { SkippedLine } from '../../../contract/index.ts';
import { type DraftPoll, type DraftQuestion, oneLine, readerMessages as r } from './draft.ts';
import { headerColumns, type Row, readHeaderRows } from './read-rows.ts';

/**
 * CSV, one question a line, as a spreadsheet saves it: ',' or ';' (a Spanish Excel) or tab
 * between fields, fields in double quotes with "" for a quote (RFC 4180). With a header row
 * (Pregunta, Tipo, Respuesta 1…, Tiempo, Correctas; or Kahoot's English names) columns go by
 * name; without one the first field is the question and the others its options, '*' before
 * an option marking it correct.
 */
export function readCsv(text: string): DraftPoll {
  const rows = csvRows(text);
  const first = rows.find((row) => row.cells.some((c) => c.trim() !== ''));
  const columns = first && headerColumns(first.cells);
  if (first && columns) {
    return readHeaderRows(
      rows.filter((row) => row.line > first.line),
      columns,
      { requireCorrect: false },
    );
  }
  const questions: DraftQuestion[] = [];
  const skipped: SkippedLine[] = [];
  for (const row of rows) {
    const [question = '', ...rest] = row.cells.map(oneLine);
    if (!question && rest.every((c) => c === '')) continue;
    if (!question) {
      skipped.push({ line: row.line, message: r.noQuestion });
      continue;
    }
    const options = rest
      .filter((c) => c !== '')
      .map((c) =>
        c.startsWith('*')
          ? { text: c.slice(1).trim(), correct: true }
          : { text: c, correct: false },
      );
    if (options.length === 0) {
      skipped.push({ line: row.line, message: r.noOptions });
      continue;
    }
    const correct = options.filter((o) => o.correct).length;
    questions.push({
      line: row.line,
      type: correct > 1 ? 'multiple' : 'single',
      text: question,
      options,
    });
  }
  return { questions, skipped };
}

/** The separator of the first line: the most frequent of ';', ',' and tab outside quotes. */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  return [';', ',', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** RFC 4180 records, each with the line it starts on (a quoted field may span lines). */
export function csvRows(text: string): Row[] {
  const sep = separatorOf(text);
  const rows: Row[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === sep) {
      cells.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(field);
      rows.push({ line: start, cells });
      cells = [];
      field = '';
      line++;
      start = line;
    } else field += c;
  }
  if (field !== '' || cells.length > 0) {
    cells.push(field);
    rows.push({ line: start, cells });
  }
  return rows;
}
