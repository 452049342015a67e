import {
  BlockedWordsBody,
  POLL_FILE_VERSION,
  PollFileQuestion,
  Settings,
  type SkippedLine,
} from '../../../contract/index.ts';
import { DomainError } from '../errors.ts';
import { type DraftPoll, type DraftQuestion, lowerFirst } from './draft.ts';

const invalid = (message: string) =>
  new DomainError('VALIDATION_ERROR', message, [{ path: 'body.file', message }]);

/**
 * A Sondeo JSON file (`{sondeo: 1, …}`): its settings and questions as written. A question that
 * does not fit the schema is left out with its position (`line` 3 is `questions[2]`); a file
 * that is not one at all is refused.
 */
export function readSondeo(text: string): DraftPoll {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw invalid('El archivo no es un JSON válido');
  }
  if (typeof data !== 'object' || data === null || !('sondeo' in data)) {
    throw invalid('El archivo no es una encuesta de Sondeo (falta "sondeo": 1)');
  }
  const file = data as Record<string, unknown>;
  if (file.sondeo !== POLL_FILE_VERSION) {
    throw invalid(`Versión de archivo no admitida: ${String(file.sondeo)} (se admite la 1)`);
  }
  const skipped: SkippedLine[] = [];
  const settings = Settings.partial().safeParse(file.settings ?? {});
  if (!settings.success)
    skipped.push({ line: 0, message: 'ajustes no válidos: se usaron los de siempre' });
  if (!Array.isArray(file.questions)) throw invalid('El archivo no tiene la lista "questions"');
  const questions: DraftQuestion[] = [];
  for (const [i, raw] of (file.questions as unknown[]).entries()) {
    const parsed = PollFileQuestion.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'pregunta';
      skipped.push({
        line: i + 1,
        message: `${where}: ${lowerFirst(issue?.message ?? 'no válida')}`,
      });
      continue;
    }
    const q = parsed.data;
    questions.push({
      line: i + 1,
      type: q.type,
      text: q.text,
      options: q.options,
      scale: q.scale,
      number: q.number,
      correctValue: q.correctValue,
      tolerance: q.tolerance,
      explanation: q.explanation,
      timeLimitSeconds: q.timeLimitSeconds,
    });
  }
  return {
    title: typeof file.title === 'string' ? file.title : undefined,
    settings: settings.success ? settings.data : undefined,
    blockedWords: readWords(file.blockedWords, skipped),
    questions,
    skipped,
  };
}

/** The blocked words that pass the hygiene of typed ones; the others are reported. */
function readWords(raw: unknown, skipped: SkippedLine[]): string[] {
  if (!Array.isArray(raw)) return [];
  const words: string[] = [];
  const word = BlockedWordsBody.shape.words.element;
  for (const item of raw) {
    const parsed = word.safeParse(item);
    if (parsed.success) words.push(parsed.data);
    else
      skipped.push({
        line: 0,
        message: `palabra bloqueada no válida: ${String(item).slice(0, 40)}`,
      });
  }
  return words;
}
