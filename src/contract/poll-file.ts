import { z } from 'zod';
import { BlockedWords } from './blocked-words.ts';
import { endpoints } from './endpoints.ts';
import { exportFileName } from './export.ts';
import { CREATION_KEY_NOTE, CreationHeaders } from './idempotency.ts';
import { QuestionType, Scale, Settings, SlugParams } from './poll.ts';
import { NumberSettings } from './question-types/number.ts';

/**
 * Poll files (issue 28): a poll as a document to keep, share and import again ('Exportar
 * encuesta' / 'Importar encuesta'), and the formats other tools export (Kahoot's spreadsheet
 * template, Moodle GIFT and Aiken, CSV) or a chatbot writes ('Pegar preguntas').
 */

/** The version of the Sondeo JSON document; a reader refuses a version it does not know. */
export const POLL_FILE_VERSION = 1;

/** One question of a Sondeo file: every field always present (empty or null where the type
 *  has none), so export → import → export writes the same bytes. */
export const PollFileQuestion = z.object({
  type: QuestionType,
  text: z.string(),
  /** Choice types: the options in order, `correct` for a quiz's right answers. Yes/no: Sí and
   *  No (their texts are fixed; `correct` is what travels). Empty for `text` and `scale`. */
  options: z.array(z.object({ text: z.string(), correct: z.boolean() })),
  /** A `scale` question's settings; null for every other type. */
  scale: Scale.nullable(),
  /** Quiz: seconds to answer; null is 'Sin límite' (and every question of a poll not a quiz). */
  timeLimitSeconds: z.number().int().nullable(),
  /** A `number` question's range, decimals and unit (issue 26); absent for every other type. */
  number: NumberSettings.optional(),
  /** Quiz, `number` questions: the value scoring in full and its margin; null when not set. */
  correctValue: z.number().nullable().optional(),
  tolerance: z.number().nullable().optional(),
  /** 'Explicación' (issue 27); null when none. Optional: files written before it read on. */
  explanation: z.string().nullable().optional(),
});
export type PollFileQuestion = z.infer<typeof PollFileQuestion>;

/** `GET /polls/{slug}/file`: the poll without votes, answers, run state or secrets. */
export const PollFile = z.object({
  sondeo: z.literal(POLL_FILE_VERSION),
  title: z.string(),
  settings: Settings,
  /** The host's blocked words (a setting of the poll, as duplicating keeps them). */
  blockedWords: BlockedWords.shape.words,
  questions: z.array(PollFileQuestion),
});
export type PollFile = z.infer<typeof PollFile>;

/** What `POST /polls/import` reads. `auto` looks at the file's name and content. */
export const IMPORT_FORMATS = ['auto', 'sondeo', 'kahoot', 'gift', 'aiken', 'csv', 'text'] as const;
export const ImportFormat = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormat>;

/** Upper bound of the schema only; the server's IMPORT_FILE_MAX_BYTES (limits.ts) is the limit
 *  people meet, with its own 413. Base64 takes 4 bytes for 3. */
const SCHEMA_TEXT_MAX = 16 * 1024 * 1024;

export const importMessages = {
  oneSource: 'Envía el archivo (file, en base64) o el texto (text), uno de los dos',
  nothingRead: 'No se pudo leer ninguna pregunta del archivo',
} as const;

export const ImportPollBody = z
  .object({
    format: ImportFormat.default('auto'),
    /** The file's bytes in base64 (a spreadsheet, or a text file in UTF-8 or Windows-1252). */
    file: z.string().max(SCHEMA_TEXT_MAX).optional(),
    /** The questions as text: a pasted list, a GIFT or Aiken file already read. */
    text: z.string().max(SCHEMA_TEXT_MAX).optional(),
    /** The file's name, for `auto` (.xlsx, .json, .gift, .csv…) and the poll's title. */
    fileName: z.string().max(255).optional(),
    /** The new poll's title; else the file's own (Sondeo JSON), else from the file's name. */
    title: z.string().max(SCHEMA_TEXT_MAX).optional(),
  })
  .refine((b) => (b.file === undefined) !== (b.text === undefined), {
    message: importMessages.oneSource,
  });
export type ImportPollBody = z.input<typeof ImportPollBody>;

/** A line (spreadsheet row; position in `questions` for Sondeo JSON) that was not imported. */
export const SkippedLine = z.object({ line: z.number().int().min(0), message: z.string() });
export type SkippedLine = z.infer<typeof SkippedLine>;

export const ImportPollResponse = z.object({
  slug: z.string(),
  host_secret: z.string(),
  title: z.string(),
  /** Questions made. */
  imported: z.number().int().min(0),
  skipped: z.array(SkippedLine),
});
export type ImportPollResponse = z.infer<typeof ImportPollResponse>;

/** Issue 28's calls with their schemas; routes.ts spreads them into its table. */
export const pollFileRoutes = {
  exportPollFile: {
    ...endpoints.exportPollFile,
    description:
      'The poll as a Sondeo JSON document (`{sondeo: 1, title, settings, blockedWords, questions}`, ' +
      'served as an attachment): every question type with its options, correct answers, scale ' +
      'and time limit; no votes, answers, run state nor secrets. Importing it and exporting ' +
      'the copy gives the same bytes.',
    params: SlugParams,
    response: PollFile,
  },
  importPoll: {
    ...endpoints.importPoll,
    description:
      "Makes a new draft poll from a file: Sondeo JSON, Kahoot's spreadsheet template (XLSX), " +
      "Moodle GIFT, Aiken, CSV (one question a line) or the plain text of 'Pegar preguntas'. " +
      'Send `file` (base64) or `text`; `format` `auto` tells them apart by name and content. ' +
      'Each line that cannot be read is left out and listed in `skipped` (`{line, message}`); ' +
      'the poll is made whole in one transaction, or not at all. 413 PAYLOAD_TOO_LARGE past ' +
      'IMPORT_FILE_MAX_BYTES (or an XLSX unpacking past IMPORT_UNZIPPED_MAX_BYTES); 400 ' +
      'VALIDATION_ERROR past IMPORT_QUESTIONS_MAX questions or when no question could be ' +
      `read. Rate-limited as poll creation (POLL_CREATE_*).${CREATION_KEY_NOTE}`,
    headers: CreationHeaders,
    body: ImportPollBody,
    response: ImportPollResponse,
  },
} as const;

/** The exported file's name: the poll's title as the results' export writes it, `.sondeo.json`. */
export function pollFileName(title: string, slug: string): string {
  return `${exportFileName(title, slug, 'csv')
    .replace(/^resultados-/, 'encuesta-')
    .slice(0, -'.csv'.length)}.sondeo.json`;
}
