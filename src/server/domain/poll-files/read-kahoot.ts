import type { DraftPoll } from './draft.ts';
import { headerColumns, readHeaderRows } from './read-rows.ts';
import { readXlsxRows } from './read-xlsx.ts';

/** Where Kahoot's template has its columns when no header row names them: a number in A, the
 *  question in B, answers 1–4 in C–F, the time limit in G and the correct answers in H. */
const TEMPLATE_COLUMNS = { question: 1, answers: [2, 3, 4, 5], time: 6, correct: 7 };

/**
 * Kahoot's spreadsheet template ('Kahoot! Quiz Template', XLSX): rows of instructions, a header
 * row ('Question - max 120 characters', 'Answer 1 - max 75 characters' … 'Time limit (sec) – 5,
 * 10, 20, 30, 60, 90, 120, or 240 secs', 'Correct answer(s) - choose at least one'), then one
 * question a row, the correct answers as indices ('1' or '1,3'). Everything above the header
 * is instructions. Kahoot's own limits (120 and 75 characters, 4 answers) are below Sondeo's,
 * so its files always fit; its times are all within Sondeo's 5–300 s.
 */
export function readKahoot(data: Buffer, maxUnzipped: number): DraftPoll {
  const rows = readXlsxRows(data, maxUnzipped);
  const header = rows.find((row) => headerColumns(row.cells));
  const columns = header ? headerColumns(header.cells) : undefined;
  const body = header ? rows.filter((row) => row.line > header.line) : rows;
  const read = readHeaderRows(body, columns ?? TEMPLATE_COLUMNS, { requireCorrect: true });
  // Every Kahoot question is a quiz question with its time.
  return { ...read, settings: { quiz: true } };
}
