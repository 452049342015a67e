import { SCALE_MAXES, type ScaleMax, type SkippedLine } from '../../../contract/index.ts';
import {
  blocks,
  type DraftOption,
  type DraftPoll,
  type DraftQuestion,
  numberedLines,
  oneLine,
  readerMessages as r,
} from './draft.ts';

/**
 * The plain format of 'Pegar preguntas' (README, "Formato de texto"): what a teacher types or a
 * chatbot writes when asked for Aiken. A blank line between questions; the first line is the
 * question (a number before it, '1.' or '1)', is dropped), the next ones its options, lettered
 * 'A)' 'A.', numbered '1)' '1.', or bulleted '-' '•'. A '*' before (or after) an option marks it
 * correct; so do 'ANSWER: B' and 'Respuesta: B' (Aiken). One correct option makes a single
 * choice question, more a multiple one; 'Varias:' before the question asks for multiple
 * without any. Other types by a prefix: 'Sí/No:', 'Abierta:', 'Escala 1-5:' / 'Escala 1-10:'.
 * 'Tiempo: 30' (seconds) gives a quiz question its time.
 */
export function readPlain(text: string): DraftPoll {
  const questions: DraftQuestion[] = [];
  const skipped: SkippedLine[] = [];
  for (const block of blocks(numberedLines(text))) {
    const result = readBlock(block);
    const line = block[0]?.line ?? 0;
    if (typeof result === 'string') skipped.push({ line, message: result });
    else questions.push({ line, ...result });
  }
  return { questions, skipped };
}

const TYPE_PREFIX =
  /^(abierta|respuesta abierta|s[ií]\s*\/\s*no|escala(?:\s*(?:de\s*)?1\s*[-–a]\s*(\d+))?|varias|m[uú]ltiple|una)\s*:\s*/i;
const NUMBERING = /^(?:pregunta\s*)?\d{1,3}\s*[.):-]\s+/i;
const OPTION = /^(\*)?\s*(?:[A-Za-z][).]|\d{1,2}[).]|[-•–])\s+(.*)$/;
const STAR_OPTION = /^\*\s*(.+)$/;
const ANSWER = /^(?:answer|respuesta(?: correcta)?|correcta)\s*:\s*(.*)$/i;
const TIME = /^tiempo\s*:\s*(\d+)\s*(?:s|seg|segundos)?\.?$/i;

type Read = Omit<DraftQuestion, 'line'>;

function readBlock(block: { line: number; text: string }[]): Read | string {
  const [first, ...rest] = block.map((l, i) => stripMarkdown(l.text.trim(), i > 0));
  let head = (first ?? '').replace(NUMBERING, '');
  const prefix = TYPE_PREFIX.exec(head);
  if (prefix) head = head.slice(prefix[0].length);
  const options: (DraftOption & { letter?: string })[] = [];
  let answer: string | undefined;
  let timeLimitSeconds: number | undefined;
  const questionLines = [head];
  for (const line of rest) {
    const time = TIME.exec(line);
    if (time) {
      timeLimitSeconds = Number(time[1]);
      continue;
    }
    const ans = ANSWER.exec(line);
    if (ans) {
      answer = (ans[1] as string).trim();
      continue;
    }
    const option = OPTION.exec(line) ?? STAR_OPTION.exec(line);
    if (option) {
      const starred = option.length === 3 ? !!option[1] : true;
      let body = (option.length === 3 ? option[2] : option[1]) as string;
      const trailingStar = /\s*\*$/.test(body) || /\s*\(correcta\)$/i.test(body);
      body = body.replace(/\s*\*$/, '').replace(/\s*\(correcta\)$/i, '');
      const letter = /^([A-Za-z])[).]/.exec(line.replace(/^\*\s*/, ''))?.[1]?.toUpperCase();
      options.push({ text: oneLine(body), correct: starred || trailingStar, letter });
    } else if (options.length === 0) questionLines.push(line);
    else options.push({ text: oneLine(line), correct: false });
  }
  if (answer) {
    const letters = answer
      .toUpperCase()
      .split(/[\s,;]+/)
      .filter(Boolean);
    for (const l of letters) {
      const chosen = options.find((o) => o.letter === l);
      if (!chosen) return `la respuesta correcta ${l} no es ninguna de las opciones`;
      chosen.correct = true;
    }
  }
  const text = oneLine(questionLines.join(' '));
  if (!text) return r.noQuestion;
  const plain = options.map(({ text: t, correct }) => ({ text: t, correct }));
  const time = timeLimitSeconds === undefined ? {} : { timeLimitSeconds };
  const kind = prefix?.[1]?.toLowerCase() ?? '';
  if (kind.startsWith('abierta') || kind.startsWith('respuesta')) {
    return { type: 'text', text, options: plain, ...time };
  }
  if (kind.startsWith('escala')) {
    const max = Number(prefix?.[2] ?? 5);
    if (!SCALE_MAXES.includes(max as ScaleMax)) return 'la escala va de 1 a 5 o de 1 a 10';
    return { type: 'scale', text, options: plain, scale: { max: max as ScaleMax }, ...time };
  }
  if (kind.startsWith('s')) {
    const yes = plain.find((o) => /^s[ií]$/i.test(o.text))?.correct ?? false;
    const no = plain.find((o) => /^no$/i.test(o.text))?.correct ?? false;
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
  if (plain.length === 0)
    return `${r.noOptions} (escribe «Abierta:» delante de una pregunta de respuesta libre)`;
  const correct = plain.filter((o) => o.correct).length;
  const multiple = kind === 'varias' || kind.startsWith('m') || correct > 1;
  return { type: multiple ? 'multiple' : 'single', text, options: plain, ...time };
}

/** Chatbots bold things: a question '**1. ¿…?**' is plain, an option in bold ('**B) Júpiter**')
 *  is how they mark the right one. */
function stripMarkdown(line: string, option: boolean): string {
  const bold = /^\*\*(.+)\*\*$/.exec(line);
  if (bold && option) return `* ${bold[1]}`;
  return line.replace(/\*\*(.+?)\*\*/g, '$1').replace(/^#+\s+/, '');
}
