import type { SkippedLine } from '../../../contract/index.ts';
import {
  type DraftOption,
  type DraftPoll,
  type DraftQuestion,
  numberedLines,
  oneLine,
  readerMessages as r,
} from './draft.ts';

/**
 * Moodle's GIFT format (docs.moodle.org/en/GIFT_format). What Sondeo has:
 * - multiple choice `{=right ~wrong}` → single choice with its correct option;
 * - weighted answers `{~%50%a ~%50%b ~%-100%c}` → multiple choice, options of positive weight
 *   correct;
 * - true/false `{T}` `{TRUE}` `{F}` `{FALSE}` → yes/no, Sí or No correct;
 * - essay `{}` → open answer ('Abierta'), the nearest type.
 * Left out, each with its reason: short answer (`{=a =b}`, Sondeo grades no typed answer),
 * numerical (`{#…}`), matching (`{=a -> b}`), descriptions (no answer block). Titles
 * (`::t::`), categories (`$CATEGORY:`), comments (`//`), feedback (`#…`, `####…`) and format
 * tags (`[html]`…) are read and dropped; a missing-word question (`text {…} text`) keeps a
 * blank where the answer was. Escapes `\~ \= \# \{ \} \:` are the characters themselves.
 */
export function readGift(text: string): DraftPoll {
  const questions: DraftQuestion[] = [];
  const skipped: SkippedLine[] = [];
  for (const block of giftBlocks(text)) {
    const result = readQuestion(block.text);
    if (typeof result === 'string') skipped.push({ line: block.line, message: result });
    else if (result) questions.push({ line: block.line, ...result });
  }
  return { questions, skipped };
}

// Escaped characters stand in as private-use characters while the structure is read.
const ESCAPES: Record<string, string> = {
  '~': '\uE001',
  '=': '\uE002',
  '#': '\uE003',
  '{': '\uE004',
  '}': '\uE005',
  ':': '\uE006',
  '\\': '\uE007',
};
const RESTORE = new Map(Object.entries(ESCAPES).map(([char, mark]) => [mark, char]));

function hideEscapes(text: string): string {
  return text.replace(/\\([~=#{}:\\n])/g, (_, c: string) => (c === 'n' ? ' ' : (ESCAPES[c] ?? c)));
}
function restore(text: string): string {
  return text.replace(/[\uE001-\uE007]/g, (m) => RESTORE.get(m) ?? m);
}

/** Questions of the file: runs of lines between blank lines, comments left out; a blank line
 *  inside an open answer block does not end the question. */
function giftBlocks(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let lines: string[] = [];
  let start = 0;
  let depth = 0;
  const flush = () => {
    if (lines.length > 0) out.push({ line: start, text: lines.join('\n') });
    lines = [];
  };
  for (const { line, text: raw } of numberedLines(text)) {
    const t = hideEscapes(raw);
    if (t.trim().startsWith('//')) continue;
    if (t.trim() === '' && depth === 0) {
      flush();
      continue;
    }
    if (t.trim().startsWith('$CATEGORY:') && depth === 0) {
      flush();
      continue;
    }
    if (lines.length === 0) start = line;
    lines.push(t);
    for (const c of t) {
      if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
    }
  }
  flush();
  return out;
}

type Read = Omit<DraftQuestion, 'line'>;

function readQuestion(block: string): Read | string | undefined {
  let body = block.trim();
  const title = /^::([\s\S]*?)::/.exec(body);
  if (title) body = body.slice(title[0].length).trim();
  const format = /^\[(html|moodle|plain|markdown)\]/i.exec(body);
  const html = format?.[1]?.toLowerCase() === 'html';
  if (format) body = body.slice(format[0].length);
  const open = body.indexOf('{');
  const close = body.indexOf('}', open + 1);
  if (open < 0 || close < 0)
    return 'sin bloque de respuestas { … }: es una descripción, no una pregunta';
  const after = body.slice(close + 1).trim();
  const before = body.slice(0, open).trim();
  const questionText = clean(after ? `${before} _____ ${after}` : before, html);
  if (!questionText) return r.noQuestion;
  const answers = body
    .slice(open + 1, close)
    .split('####')[0]
    ?.trim() as string;
  if (answers === '') return { type: 'text', text: questionText, options: [] };
  const truth = /^(T|TRUE|F|FALSE)\s*(#[\s\S]*)?$/i.exec(answers);
  if (truth) {
    const yes = (truth[1] as string).toUpperCase().startsWith('T');
    return {
      type: 'yesno',
      text: questionText,
      options: [
        { text: 'Sí', correct: yes },
        { text: 'No', correct: !yes },
      ],
    };
  }
  if (answers.startsWith('#')) return 'pregunta numérica: Sondeo no tiene preguntas de número';
  const parsed = readAnswers(answers, html);
  if (parsed.length === 0) return r.noOptions;
  if (parsed.some((a) => a.matching)) return 'pregunta de emparejar: Sondeo no la tiene';
  if (parsed.every((a) => a.marker === '=')) {
    return 'pregunta de respuesta corta: Sondeo no corrige respuestas escritas';
  }
  const weighted = parsed.some((a) => a.marker === '~' && a.weight !== undefined && a.weight > 0);
  const options: DraftOption[] = parsed.map((a) => ({
    text: a.text,
    correct: a.marker === '=' || (a.weight !== undefined && a.weight > 0),
  }));
  const correct = options.filter((o) => o.correct).length;
  return { type: weighted || correct > 1 ? 'multiple' : 'single', text: questionText, options };
}

interface Answer {
  marker: '=' | '~';
  weight?: number;
  text: string;
  matching: boolean;
}

/** `=right#feedback ~%50%half ~wrong`: each answer from its marker to the next. */
function readAnswers(body: string, html: boolean): Answer[] {
  const out: Answer[] = [];
  for (const match of body.matchAll(/([=~])([^=~]*)/g)) {
    let rest = match[2] as string;
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(rest);
    if (weight) rest = rest.slice(weight[0].length);
    const text = rest.split('#')[0] as string;
    out.push({
      marker: match[1] as '=' | '~',
      weight: weight ? Number(weight[1]) : undefined,
      text: clean(text.replace('->', ' -> '), html),
      matching: text.includes('->'),
    });
  }
  return out;
}

function clean(text: string, html: boolean): string {
  const plain = html ? stripHtml(text) : text;
  return oneLine(restore(plain));
}

function stripHtml(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
