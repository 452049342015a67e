import type { SkippedLine } from '../../../contract/index.ts';
import {
  type DraftOption,
  type DraftPoll,
  type DraftQuestion,
  numberedLines,
  oneLine,
  readerMessages as r,
} from './draft.ts';

/** 'A) Júpiter' or 'A. Júpiter' (Moodle's Aiken format: a capital letter, ')' or '.', a space). */
const OPTION = /^([A-Z])[).]\s+(.*)$/;
/** 'ANSWER: B' ends a question; Moodle reads the letter after the colon. */
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

/**
 * Moodle's Aiken format: a question line, its options lettered A), B)… or A., B.…, and a line
 * 'ANSWER: B'. Every question is single choice with its correct option (a quiz question). A
 * question that ends (a blank line, a new question) without its ANSWER line is left out.
 */
export function readAiken(text: string): DraftPoll {
  const questions: DraftQuestion[] = [];
  const skipped: SkippedLine[] = [];
  let current: {
    line: number;
    text: string[];
    options: (DraftOption & { letter: string })[];
  } | null = null;
  const finish = (answer?: string, answerLine?: number) => {
    if (!current) return;
    const q = current;
    current = null;
    if (answer === undefined) {
      skipped.push({ line: q.line, message: r.noCorrect });
      return;
    }
    if (q.options.length === 0) {
      skipped.push({ line: q.line, message: r.noOptions });
      return;
    }
    const letter = answer.trim().toUpperCase();
    const chosen = q.options.find((o) => o.letter === letter);
    if (!chosen) {
      skipped.push({
        line: answerLine ?? q.line,
        message: letter
          ? `la respuesta correcta ${letter} no es ninguna de las opciones`
          : r.noCorrect,
      });
      return;
    }
    questions.push({
      line: q.line,
      type: 'single',
      text: oneLine(q.text.join(' ')),
      options: q.options.map((o) => ({ text: oneLine(o.text), correct: o === chosen })),
    });
  };
  for (const { line, text: raw } of numberedLines(text)) {
    const t = raw.trim();
    if (t === '') {
      // A blank line inside a question (between its text and options) is tolerated; after the
      // options it ends a question that never said its answer.
      if (current && current.options.length > 0) finish();
      continue;
    }
    const answer = ANSWER.exec(t);
    if (answer) {
      if (current) finish(answer[1], line);
      else skipped.push({ line, message: 'respuesta sin pregunta' });
      continue;
    }
    const option = OPTION.exec(t);
    if (option && current) {
      current.options.push({
        letter: option[1] as string,
        text: option[2] as string,
        correct: false,
      });
      continue;
    }
    if (current && current.options.length > 0) finish();
    if (current) current.text.push(t);
    else current = { line, text: [t], options: [] };
  }
  finish();
  return { questions, skipped };
}
