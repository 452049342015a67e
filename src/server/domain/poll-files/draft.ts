import type {
  NumberInput,
  QuestionType,
  ScaleInput,
  Settings,
  SkippedLine,
} from '../../../contract/index.ts';

/**
 * What every reader makes of a file (issue 28): the questions it could read, still unchecked,
 * and the lines it could not. One reader per format turns its file into this; one builder
 * (question-types.ts) checks it against the rules typed questions follow.
 */
export interface DraftQuestion {
  /** Where the question starts: a line of a text file, a spreadsheet row, a position in a
   *  Sondeo file's `questions`. */
  line: number;
  type: QuestionType;
  text: string;
  options: DraftOption[];
  scale?: ScaleInput | null;
  /** A number question's settings and, in a quiz, its correct value and margin (issue 26). */
  number?: NumberInput | null;
  correctValue?: number | null;
  tolerance?: number | null;
  /** 'Explicación' (issue 27): Sondeo files only. */
  explanation?: string | null;
  /** Undefined: the default (20 s in a quiz, none otherwise); null: 'Sin límite'. */
  timeLimitSeconds?: number | null;
}

export interface DraftOption {
  text: string;
  correct: boolean;
}

export interface DraftPoll {
  title?: string;
  /** Sondeo files carry their settings; other formats only say whether they are a quiz. */
  settings?: Partial<Settings>;
  blockedWords?: string[];
  questions: DraftQuestion[];
  skipped: SkippedLine[];
}

/** Files' texts are one line each in Sondeo: line breaks, tabs and runs of spaces are one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 'La pregunta no puede…' reads 'Línea 7: la pregunta no puede…' once the client adds the line. */
export function lowerFirst(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/** Lines of a text file, numbered from 1, with any line ending. */
export function numberedLines(text: string): { line: number; text: string }[] {
  return text.split(/\r\n|\r|\n/).map((t, i) => ({ line: i + 1, text: t }));
}

/** Runs of non-blank lines (a question each in Aiken, GIFT and the plain format). */
export function blocks<T extends { text: string }>(lines: T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  for (const l of lines) {
    if (l.text.trim() === '') {
      if (current.length > 0) out.push(current);
      current = [];
    } else current.push(l);
  }
  if (current.length > 0) out.push(current);
  return out;
}

export const readerMessages = {
  noCorrect: 'falta la respuesta correcta',
  noOptions: 'faltan las opciones',
  noQuestion: 'falta el texto de la pregunta',
  tooManyCorrect: 'una pregunta de respuesta única solo tiene una opción correcta',
} as const;
