import {
  type ImportFormat,
  type ImportPollResponse,
  importMessages,
  POLL_TITLE_MAX,
  PollTitle,
  type SkippedLine,
  TIME_LIMIT_DEFAULT,
} from '../../../contract/index.ts';
import type { NewQuestion, PollStore } from '../../store/store.ts';
import { DEFAULT_SETTINGS } from '../create-poll.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { generateHostSecret, hashHostSecret } from '../host-auth.ts';
import { withFreshKeys } from '../join-code.ts';
import { decodeText, detectFormat } from './detect.ts';
import { type DraftPoll, lowerFirst, oneLine } from './draft.ts';
import { buildQuestion } from './question-types.ts';
import { readAiken } from './read-aiken.ts';
import { readCsv } from './read-csv.ts';
import { readGift } from './read-gift.ts';
import { readKahoot } from './read-kahoot.ts';
import { readPlain } from './read-plain.ts';
import { readSondeo } from './read-sondeo.ts';
import { NotAZip, ZipTooLarge } from './zip-reader.ts';

export interface ImportLimits {
  fileMaxBytes: number;
  unzippedMaxBytes: number;
  questionsMax: number;
}

export interface ImportInput {
  format: ImportFormat;
  file?: string;
  text?: string;
  fileName?: string;
  title?: string;
}

const KB = 1024;
const size = (bytes: number) =>
  bytes >= KB * KB
    ? `${Math.round((bytes / KB / KB) * 10) / 10} MB`
    : `${Math.round(bytes / KB)} KB`;

/**
 * 'Importar encuesta' (issue 28): a new draft poll from a file. Each reader turns its format
 * into drafts; each draft is checked as a typed question would be, and one that fails is left
 * out and reported, never cut short. The poll and all its questions are written in the store's
 * one transaction (createPoll), so a file that fails leaves nothing behind.
 */
export async function importPoll(
  store: PollStore,
  events: PollEvents,
  input: ImportInput,
  limits: ImportLimits,
): Promise<ImportPollResponse> {
  const bytes =
    input.file !== undefined ? fromBase64(input.file) : Buffer.from(input.text ?? '', 'utf8');
  if (bytes.length > limits.fileMaxBytes) {
    throw new DomainError(
      'PAYLOAD_TOO_LARGE',
      `El archivo ocupa ${size(bytes.length)}; se admiten como máximo ${size(limits.fileMaxBytes)}`,
    );
  }
  const format = input.format === 'auto' ? detectFormat(bytes, input.fileName) : input.format;
  const draft = read(format, bytes, limits);
  if (draft.questions.length > limits.questionsMax) {
    throw new DomainError(
      'VALIDATION_ERROR',
      `El archivo tiene ${draft.questions.length} preguntas; se importan como máximo ${limits.questionsMax}`,
    );
  }
  const skipped: SkippedLine[] = [...draft.skipped];
  const settings = { ...DEFAULT_SETTINGS, ...draft.settings };
  // A file with right answers or times is a quiz (Kahoot's always is); a Sondeo file says.
  if (format !== 'sondeo' && format !== 'kahoot') {
    settings.quiz = draft.questions.some(
      (q) => q.timeLimitSeconds != null || q.options.some((o) => o.correct),
    );
  }
  const questions: NewQuestion[] = [];
  for (const question of draft.questions) {
    const built = buildQuestion(question, questions.length + 1, {
      timeLimitSeconds: settings.quiz ? TIME_LIMIT_DEFAULT : null,
      resultsHidden: settings.hideResultsUntilRevealed,
    });
    if (typeof built === 'string') skipped.push({ line: question.line, message: built });
    else questions.push(built);
  }
  skipped.sort((a, b) => a.line - b.line);
  if (questions.length === 0 && (format !== 'sondeo' || skipped.length > 0)) {
    throw new DomainError('VALIDATION_ERROR', importMessages.nothingRead, skipped);
  }
  const title = pollTitle(input, draft, skipped);
  const secret = generateHostSecret();
  const poll = await withFreshKeys((keys) =>
    store.createPoll({
      ...keys,
      title,
      hostSecretHash: hashHostSecret(secret),
      ...settings,
      speedPoints: settings.speedPoints,
      // Issue 27: a file's dates were another group's; the import starts without a window.
      opensAt: null,
      closesAt: null,
      questions,
    }),
  );
  // As duplicating does: the words are a setting of the poll, written once it exists.
  if (draft.blockedWords && draft.blockedWords.length > 0) {
    await store.setBlockedWords(poll.id, draft.blockedWords);
  }
  events.pollChanged(poll.slug);
  return {
    slug: poll.slug,
    host_secret: secret,
    title: poll.title,
    imported: questions.length,
    skipped,
  };
}

function read(
  format: Exclude<ImportFormat, 'auto'>,
  bytes: Buffer,
  limits: ImportLimits,
): DraftPoll {
  if (format === 'kahoot') {
    try {
      return readKahoot(bytes, limits.unzippedMaxBytes);
    } catch (error) {
      if (error instanceof ZipTooLarge) {
        throw new DomainError(
          'PAYLOAD_TOO_LARGE',
          `La hoja de cálculo ocupa más de ${size(limits.unzippedMaxBytes)} descomprimida`,
        );
      }
      if (error instanceof NotAZip || error instanceof RangeError) {
        throw new DomainError(
          'VALIDATION_ERROR',
          'El archivo no es una hoja de cálculo XLSX válida',
        );
      }
      throw error;
    }
  }
  const text = decodeText(bytes);
  switch (format) {
    case 'sondeo':
      return readSondeo(text);
    case 'gift':
      return readGift(text);
    case 'aiken':
      return readAiken(text);
    case 'csv':
      return readCsv(text);
    case 'text':
      return readPlain(text);
  }
}

/** The title asked for (checked as a typed one), else the file's, else its name's. A title
 *  from the file that is too long is shortened, and the report says so. */
function pollTitle(input: ImportInput, draft: DraftPoll, skipped: SkippedLine[]): string {
  if (input.title !== undefined && input.title.trim() !== '') {
    const typed = PollTitle.safeParse(input.title);
    if (!typed.success) {
      const message = typed.error.issues[0]?.message ?? importMessages.nothingRead;
      throw new DomainError('VALIDATION_ERROR', message, [{ path: 'body.title', message }]);
    }
    return typed.data;
  }
  const fromName = input.fileName?.replace(/\.[a-z0-9]+$/i, '').replace(/[_]+/g, ' ');
  for (const candidate of [draft.title, fromName]) {
    if (!candidate) continue;
    const text = oneLine(candidate);
    const parsed = PollTitle.safeParse(text);
    if (parsed.success) return parsed.data;
    const short = PollTitle.safeParse(text.slice(0, POLL_TITLE_MAX).trimEnd());
    if (short.success) {
      skipped.unshift({
        line: 0,
        message: `el título tenía más de ${POLL_TITLE_MAX} caracteres y se acortó`,
      });
      return short.data;
    }
    skipped.unshift({
      line: 0,
      message: `título no válido: ${lowerFirst(parsed.error.issues[0]?.message ?? '')}`,
    });
  }
  return 'Encuesta importada';
}

function fromBase64(text: string): Buffer {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) {
    const message = 'El archivo no está en base64';
    throw new DomainError('VALIDATION_ERROR', message, [{ path: 'body.file', message }]);
  }
  return Buffer.from(clean, 'base64');
}
