import type { AnswerState, PollStatus, QuestionType } from '../../contract/index.ts';
import type { PollRecord, PollStore, QuestionWithOptions, Tally } from '../store/store.ts';
import {
  type BallotRow,
  type BallotRows,
  CHOICE_SEPARATOR,
  readBallotRows,
} from './export-ballots.ts';
import { serverTimeZone, type ZoneClock, zoneClock } from './export-time.ts';
import { findPollAsHost } from './poll-view.ts';
import { type QaExportRow, qaExportRows } from './qa/qa-export.ts';
import { questionModule } from './question-types/index.ts';
import { rankPlayers } from './quiz/scoring.ts';
import { type ArchivedRoundRows, archivedRoundRows } from './rounds/round-exports.ts';
import { computeSummary } from './tally.ts';
import { EXPORT_SLICE_MS, TimeSlices } from './time-slices.ts';

/**
 * A poll's results as tables, for the host's exports (CSV, XLSX): the same rows whatever the
 * format, so both files say the same thing. Ballots are anonymous: a number, a time and the
 * options chosen, never the participant. One row per participant (issue 17): with the presenter
 * pace a person sends one ballot per question, and those ballots make one row.
 */

/** The labels of the export files, in the app's language (the same words as the web app). */
export const exportLabels = {
  poll: 'Encuesta',
  status: 'Estado',
  exportedAt: 'Exportado',
  timeZone: 'Zona horaria',
  ballotCount: 'Papeletas',
  summary: 'Resumen',
  ballots: 'Papeletas',
  summaryHeader: ['Pregunta', 'Tipo', 'Opción', 'Votos', 'Porcentaje', 'Respondieron'],
  explanations: 'Explicaciones',
  explanationHeader: ['Pregunta', 'Explicación'],
  ballotHeader: ['Papeleta', 'Hora'],
  statuses: { draft: 'Borrador', open: 'Abierta', closed: 'Cerrada' } satisfies Record<
    PollStatus,
    string
  >,
  types: {
    single: 'Opción única',
    multiple: 'Opción múltiple',
    yesno: 'Sí / No',
    text: 'Respuesta abierta',
    scale: 'Escala',
    ranking: 'Ordenar',
    number: 'Número',
  } satisfies Record<QuestionType, string>,
  /** Between the options of one answer to a multiple question. */
  choiceSeparator: CHOICE_SEPARATOR,
  /** A scale's summary row with its mean (in the count column). */
  average: 'Promedio',
  /** After a word of the cloud the host hid. */
  hiddenWord: ' (oculta)',
  /** Issue 27: the round a block or sheet holds. */
  round: (n: number) => `Ronda ${n}`,
  currentRound: 'Ronda actual',
  /** Quiz (issue 18): the players, ranked. */
  players: 'Jugadores',
  playersHeader: ['Puesto', 'Apodo', 'Puntos', 'Aciertos'],
  /** Header of the column after an open-text question's, with each answer's state. */
  stateColumn: 'estado',
  answerStates: {
    visible: 'Visible',
    flagged: 'Marcada por lenguaje ofensivo',
    held: 'Pendiente de aprobación',
    hidden: 'Oculta',
  } satisfies Record<AnswerState, string>,
} as const;

export type { BallotRow };

export interface SummaryRow {
  question: string;
  type: string;
  /** The option; a scale's value (a number: issue 24); a word of an open-text cloud. */
  option: string | number;
  /** Choices of the option; answers with the value; visible answers with the word; a scale's
   *  mean in its 'Promedio' row. */
  count: number;
  /** 0..1. A multiple question's share of the people who answered it (they may choose several,
   *  so its shares add up to more than 1); a single or yes/no question's share of its answers.
   *  null when nobody answered. */
  share: number | null;
  respondents: number;
}

export interface ResultsExport {
  poll: PollRecord;
  exportedAt: Date;
  /** The zone the times of the files are written in (issue 24: the host's `tz`, else the
   *  server's), with its formatter. */
  clock: ZoneClock;
  /** Rows of the ballots section: what its header counts (issue 24). */
  ballotCount: number;
  summary: SummaryRow[];
  /** Issue 27: each question's 'Explicación', in order, for those that have one (the export is
   *  the host's: no time rule applies). */
  explanations: { question: string; text: string }[];
  /** The ballots section's question columns: "1. text"; an open-text question has a second
   *  one, "1. text (estado)", since the host's export holds every answer, hidden ones too. */
  ballotColumns: string[];
  /** The ballots, a participant's merged into one row (export-ballots.ts). */
  ballots(): Generator<BallotRow>;
  /** Issue 20: the audience's questions there are (their section is left out without any). */
  qaCount: number;
  audienceQuestions(): AsyncGenerator<QaExportRow>;
  /** Quiz only (else null): the header (rank, nickname, score, correct answers, then each
   *  question's points) and one row per player, best first. */
  players: { header: string[]; rows: (string | number)[][] } | null;
  /** Issue 27: the archived rounds, oldest first, each with its summary as it closed (the
   *  summary above is the current round's). */
  rounds: ArchivedRoundRows[];
  /** The writers build the file in the same time slices as the reads (issue 25). */
  slices: TimeSlices;
}

/**
 * The export of a poll, for its host only. While the poll is open, a ballot stored during the
 * export may be in the ballots section and not yet in the summary.
 */
export async function exportResults(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  options: { now?: Date; timeZone?: string } = {},
): Promise<ResultsExport> {
  const slices = new TimeSlices(EXPORT_SLICE_MS);
  const found = await findPollAsHost(store, slug, secret);
  const tally = await store.getTally(found.id);
  const poll = tally?.poll ?? found;
  const questions = tally?.questions ?? [];
  const qa = await store.qaCounts(found.id);
  const summaryRows = tally ? summaryRowsOf(tally) : [];
  const rows: BallotRows = await readBallotRows(
    store,
    poll.id,
    questions,
    (state) => exportLabels.answerStates[state],
    slices,
  );
  return {
    poll,
    exportedAt: options.now ?? new Date(),
    clock: zoneClock(options.timeZone ?? serverTimeZone()),
    ballotCount: rows.count,
    summary: summaryRows,
    explanations: questions.flatMap((q) =>
      q.explanation === null ? [] : [{ question: q.text, text: q.explanation }],
    ),
    ballotColumns: questions.flatMap((q, i) =>
      questionModule(q.type).ballotHeaders(`${i + 1}. ${q.text}`, q),
    ),
    ballots: () => rows.rows(),
    qaCount: qa.visible + qa.answered + qa.pending,
    audienceQuestions: () => qaExportRows(store, poll.id),
    players: poll.quiz ? await playersTable(store, poll.id, questions) : null,
    rounds: await archivedRoundRows(store, poll.id),
    slices,
  };
}

/** The summary section's rows from the store's tally (also what a round keeps: rounds/). */
export function summaryRowsOf(tally: Tally): SummaryRow[] {
  const summary = computeSummary(tally.poll, tally.questions, tally.counts ?? emptyCounts);
  return summary.questions.flatMap((q) =>
    // The host's summary: every count is there, hidden questions' included.
    questionModule(q.type)
      .summaryRows(q, {
        textCounts: tally.counts.texts.find((t) => t.questionId === q.id),
        textTally: tally.texts.find((t) => t.questionId === q.id),
        average: exportLabels.average,
        hiddenWord: exportLabels.hiddenWord,
      })
      .map(
        (part): SummaryRow => ({
          question: q.text,
          type: exportLabels.types[q.type],
          ...part,
          respondents: q.respondents,
        }),
      ),
  );
}

/** The quiz's players, ranked as the leaderboard ranks them, with each question's points. */
async function playersTable(
  store: PollStore,
  pollId: number,
  questions: QuestionWithOptions[],
): Promise<NonNullable<ResultsExport['players']>> {
  const ranked = rankPlayers(await store.quizStandings(pollId));
  const points = new Map<string, number>();
  for (const r of await store.quizResults(pollId)) {
    points.set(`${r.participantId}\u0000${r.questionId}`, r.points);
  }
  return {
    header: [...exportLabels.playersHeader, ...questions.map((q, i) => `${i + 1}. ${q.text}`)],
    rows: ranked.map((p) => [
      p.rank,
      p.nickname,
      p.score,
      p.correct,
      ...questions.map((q) => points.get(`${p.participantId}\u0000${q.id}`) ?? 0),
    ]),
  };
}

const emptyCounts = { ballots: 0, optionCounts: [], respondents: [], texts: [] };
