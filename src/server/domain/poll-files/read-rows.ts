import {
  type QuestionType,
  questionTypeRules,
  SCALE_MAXES,
  type ScaleMax,
  type SkippedLine,
} from '../../../contract/index.ts';
import { type DraftPoll, type DraftQuestion, oneLine, readerMessages as r } from './draft.ts';

/** A row of a spreadsheet or CSV: its line (row number) and its cells as text. */
export interface Row {
  line: number;
  cells: string[];
}

/** Which column holds what, found by the header's names (Spanish or Kahoot's English). */
interface Columns {
  question: number;
  answers: number[];
  type?: number;
  time?: number;
  correct?: number;
}

const HEADER = {
  question: /^(pregunta|question)\b/i,
  answer: /^(respuesta|answer|opci[oó]n|option)\s*\d+/i,
  type: /^(tipo|type)\b/i,
  time: /^(tiempo|time)/i,
  correct: /^(correct|respuestas? correctas?)/i,
};

/** The header row's columns, when the row is one (a cell named like a question and one like
 *  an answer or option). */
export function headerColumns(cells: string[]): Columns | undefined {
  const question = cells.findIndex((c) => HEADER.question.test(c.trim()));
  const answers = cells.flatMap((c, i) => (HEADER.answer.test(c.trim()) ? [i] : []));
  if (question < 0 || answers.length === 0) return undefined;
  const find = (re: RegExp) => {
    const i = cells.findIndex((c) => re.test(c.trim()));
    return i < 0 ? undefined : i;
  };
  return {
    question,
    answers,
    type: find(HEADER.type),
    time: find(HEADER.time),
    correct: find(HEADER.correct),
  };
}

/**
 * Rows under a header as questions: Kahoot's template (question, answers 1–4, time limit,
 * correct answers as indices '1,3') and a CSV with named columns. `requireCorrect`: Kahoot
 * questions always have one, so a row without it is a mistake to report.
 */
export function readHeaderRows(
  rows: Row[],
  columns: Columns,
  { requireCorrect }: { requireCorrect: boolean },
): DraftPoll {
  const questions: DraftQuestion[] = [];
  const skipped: SkippedLine[] = [];
  for (const row of rows) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    const result = readHeaderRow(row, columns, requireCorrect);
    if (typeof result === 'string') skipped.push({ line: row.line, message: result });
    else questions.push({ line: row.line, ...result });
  }
  return { questions, skipped };
}

type Read = Omit<DraftQuestion, 'line'>;

function readHeaderRow(row: Row, columns: Columns, requireCorrect: boolean): Read | string {
  const cell = (i: number | undefined) => oneLine(i === undefined ? '' : (row.cells[i] ?? ''));
  const text = cell(columns.question);
  if (!text) return r.noQuestion;
  const answers = columns.answers.map((i) => cell(i));
  const typed = typeOf(cell(columns.type));
  if (typeof typed === 'string') return typed;
  const timeCell = cell(columns.time);
  let time: { timeLimitSeconds?: number | null } = {};
  if (timeCell) {
    const seconds = Number(timeCell.replace(/\s*(s|seg|segundos|sec|secs)\.?$/i, ''));
    if (!Number.isFinite(seconds)) return `el tiempo «${timeCell}» no es un número de segundos`;
    time = { timeLimitSeconds: seconds };
  }
  const optionsKind = typed.type ? questionTypeRules[typed.type].options.kind : 'authored';
  if (typed.type && optionsKind === 'none') {
    return { type: typed.type, text, options: [], scale: typed.scale, ...time };
  }
  const correctCell = cell(columns.correct);
  // Fixed options are yes/no's Sí and No (the contract's table).
  if (optionsKind === 'fixed') {
    // Sí is the first answer, No the second, whatever the answer cells say.
    const said = correctCell.toLowerCase();
    const yes = /^(1|s[ií]|true|verdadero|a)$/.test(said);
    const no = /^(2|no|false|falso|b)$/.test(said);
    if (said && !yes && !no) return `la respuesta correcta «${correctCell}» no es Sí ni No`;
    return {
      type: 'yesno',
      text,
      options: [
        { text: 'Sí', correct: yes },
        { text: 'No', correct: no },
      ],
      ...time,
    };
  }
  const correct = new Set<number>();
  // '1,3' typed into a Spanish Excel is the number 1.3 (a decimal comma), saved as <v>1.3</v>;
  // indices are whole, so a point separates them too ('2.0', a float's spelling, is 2).
  const indices = correctCell.replace(/^(\d+)\.0+$/, '$1');
  for (const token of indices.split(/[\s,;.]+/).filter(Boolean)) {
    const index = /^\d+$/.test(token)
      ? Number(token)
      : /^[A-Za-z]$/.test(token)
        ? token.toUpperCase().charCodeAt(0) - 64
        : Number.NaN;
    if (!Number.isInteger(index) || index < 1 || index > answers.length) {
      return `la respuesta correcta «${token}» no es el número de ninguna respuesta`;
    }
    if (!answers[index - 1]) return `la respuesta correcta ${index} está vacía`;
    correct.add(index);
  }
  if (requireCorrect && correct.size === 0) return r.noCorrect;
  const options = answers
    .map((a, i) => ({ text: a, correct: correct.has(i + 1) }))
    .filter((o) => o.text !== '');
  if (options.length === 0) return r.noOptions;
  const type = typed.type ?? (correct.size > 1 ? 'multiple' : 'single');
  return { type, text, options, ...time };
}

/** A type column's word: 'única', 'varias', 'sí/no', 'abierta', 'escala 1-10'… (or English). */
function typeOf(word: string): { type?: QuestionType; scale?: { max: ScaleMax } } | string {
  const w = word.toLowerCase();
  if (w === '') return {};
  if (/^(única|unica|una|single|quiz)$/.test(w)) return { type: 'single' };
  if (/^(varias|múltiple|multiple|multiple choice)$/.test(w)) return { type: 'multiple' };
  if (/^(s[ií]\s*\/\s*no|yesno|yes\/no|true\/false|verdadero\/falso)$/.test(w)) {
    return { type: 'yesno' };
  }
  if (/^(abierta|texto|text|open)$/.test(w)) return { type: 'text' };
  const scale = /^(escala|scale)(?:\s*1\s*[-–]\s*(\d+))?$/.exec(w);
  if (scale) {
    const max = Number(scale[2] ?? 5);
    if (!SCALE_MAXES.includes(max as ScaleMax)) return 'la escala va de 1 a 5 o de 1 a 10';
    return { type: 'scale', scale: { max: max as ScaleMax } };
  }
  return `tipo de pregunta desconocido: «${word}»`;
}
