import type { AnswerState, PollStatus, QuestionType } from '../../contract/index.ts';
import type {
  BallotRecord,
  PollRecord,
  PollStore,
  QuestionWithOptions,
  Tally,
} from '../store/store.ts';
import { hiddenTest } from './moderation/hidden-words.ts';
import { findPollAsHost } from './poll-view.ts';
import { type QaExportRow, qaExportRows } from './qa/qa-export.ts';
import { rankPlayers } from './quiz/scoring.ts';
import { computeSummary } from './tally.ts';
import { cloudEntries } from './words/cloud.ts';

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
  } satisfies Record<QuestionType, string>,
  /** Between the options of one answer to a multiple question. */
  choiceSeparator: '; ',
  /** A scale's summary row with its mean (in the count column). */
  average: 'Promedio',
  /** After a word of the cloud the host hid. */
  hiddenWord: ' (oculta)',
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

/** Ballots read per page: bounded memory for the CSV stream, few round trips. */
const BALLOT_PAGE = 500;

export interface SummaryRow {
  question: string;
  type: string;
  /** The option; a scale's value; a word of an open-text cloud. */
  option: string;
  /** Choices of the option; answers with the value; visible answers with the word; a scale's
   *  mean in its 'Promedio' row. */
  count: number;
  /** 0..1. A multiple question's share of the people who answered it (they may choose several,
   *  so its shares add up to more than 1); a single or yes/no question's share of its answers.
   *  null when nobody answered. */
  share: number | null;
  respondents: number;
}

export interface BallotRow {
  /** 1, 2, 3… in the order of each row's first ballot: not a database id. */
  number: number;
  /** When the row's first ballot was stored. */
  createdAt: Date;
  /** One cell per column of ballotColumns: the options chosen, a scale's value, an open answer
   *  (then its state, in the column after it); '' if unanswered. */
  answers: string[];
}

export interface ResultsExport {
  poll: PollRecord;
  exportedAt: Date;
  /** The server's zone, in which the times of the files are written. */
  timeZone: string;
  ballotCount: number;
  summary: SummaryRow[];
  /** The ballots section's question columns: "1. text"; an open-text question has a second
   *  one, "1. text (estado)", since the host's export holds every answer, hidden ones too. */
  ballotColumns: string[];
  /** The ballots, a participant's merged into one row (see readBallots). */
  ballots(): AsyncGenerator<BallotRow>;
  /** Issue 20: the audience's questions there are (their section is left out without any). */
  qaCount: number;
  audienceQuestions(): AsyncGenerator<QaExportRow>;
  /** Quiz only (else null): the header (rank, nickname, score, correct answers, then each
   *  question's points) and one row per player, best first. */
  players: { header: string[]; rows: (string | number)[][] } | null;
}

/**
 * The export of a poll, for its host only. While the poll is open, a ballot stored during the
 * export may be in the ballots section and not yet in the summary.
 */
export async function exportResults(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  now = new Date(),
): Promise<ResultsExport> {
  const found = await findPollAsHost(store, slug, secret);
  const tally = await store.getTally(found.id);
  const poll = tally?.poll ?? found;
  const questions = tally?.questions ?? [];
  const summary = computeSummary(poll, questions, tally?.counts ?? emptyCounts);
  const qa = await store.qaCounts(found.id);
  const summaryRows = summary.questions.flatMap((q) => {
    const row = (option: string, count: number, share: number | null): SummaryRow => ({
      question: q.text,
      type: exportLabels.types[q.type],
      option,
      count,
      share,
      respondents: q.respondents,
    });
    // The host's summary: every count is there, hidden questions' included.
    const base = (q.type === 'multiple' || q.type === 'text' ? q.respondents : q.totalAnswers) ?? 0;
    const shareOf = (count: number) => (base > 0 ? count / base : null);
    if (q.type === 'scale') {
      return [
        ...(q.values ?? []).map((v) => row(String(v.value), v.count, shareOf(v.count))),
        ...(q.average == null ? [] : [row(exportLabels.average, q.average, null)]),
      ];
    }
    // Every word kept, not only the 60 of the cloud; a share of the people who answered.
    if (q.type === 'text') return textRows(tally, q.id, row, shareOf);
    return q.options.map((o) => row(o.text, o.count ?? 0, shareOf(o.count ?? 0)));
  });
  return {
    poll,
    exportedAt: now,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ballotCount: summary.totalVotes,
    summary: summaryRows,
    ballotColumns: questions.flatMap((q, i) => {
      const title = `${i + 1}. ${q.text}`;
      return q.type === 'text' ? [title, `${title} (${exportLabels.stateColumn})`] : [title];
    }),
    ballots: () => readBallots(store, poll.id, questions),
    qaCount: qa.visible + qa.answered + qa.pending,
    audienceQuestions: () => qaExportRows(store, poll.id),
    players: poll.quiz ? await playersTable(store, poll.id, questions) : null,
  };
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

function textRows(
  tally: Tally | undefined,
  questionId: number,
  row: (option: string, count: number, share: number | null) => SummaryRow,
  shareOf: (count: number) => number | null,
): SummaryRow[] {
  const words = tally?.counts.texts.find((t) => t.questionId === questionId)?.words ?? [];
  const isHidden = hiddenTest(
    tally?.texts.find((t) => t.questionId === questionId)?.hiddenKeys ?? [],
  );
  return cloudEntries(words).map((e) =>
    row(
      isHidden(e.key) ? `${e.text}${exportLabels.hiddenWord}` : e.text,
      e.count,
      shareOf(e.count),
    ),
  );
}

const emptyCounts = { ballots: 0, optionCounts: [], respondents: [], texts: [] };

async function* readBallots(
  store: PollStore,
  pollId: number,
  questions: QuestionWithOptions[],
): AsyncGenerator<BallotRow> {
  // Each question's first column; an open-text question's state goes in the next one.
  const column = new Map<number, number>();
  let width = 0;
  for (const q of questions) {
    column.set(q.id, width);
    width += q.type === 'text' ? 2 : 1;
  }
  const optionText = new Map(questions.flatMap((q) => q.options.map((o) => [o.id, o.text])));
  // The question's option order, not the order of ids, within one answer.
  const optionRank = new Map(questions.flatMap((q) => q.options.map((o, i) => [o.id, i])));
  const cellsOf = (ballot: BallotRecord): Map<number, string> => {
    const chosen = new Map<number, number[]>();
    for (const c of ballot.choices) {
      // A question or option added after the tally was read has no column: left out.
      const i = column.get(c.questionId);
      if (i !== undefined && optionText.has(c.optionId)) {
        chosen.set(i, [...(chosen.get(i) ?? []), c.optionId]);
      }
    }
    const cells = new Map<number, string>();
    for (const [i, ids] of chosen) {
      cells.set(
        i,
        ids
          .sort((a, b) => optionRank.get(a)! - optionRank.get(b)!)
          .map((id) => optionText.get(id)!)
          .join(exportLabels.choiceSeparator),
      );
    }
    for (const t of ballot.texts) {
      const i = column.get(t.questionId);
      if (i === undefined) continue;
      cells.set(i, t.text);
      cells.set(i + 1, exportLabels.answerStates[t.state]);
    }
    return cells;
  };

  // A participant's ballots join one row while they answer different questions (the presenter
  // pace: one ballot per question). A ballot answering a question the row already holds (one
  // vote per question off, the same person voting again) starts a new row for that person, so
  // no answer is overwritten. Rows wait until every page is read, since a participant's next
  // ballot may come pages later: memory is one row per participant, what the sheet holds.
  const rows: { createdAt: Date; cells: Map<number, string> }[] = [];
  const openRow = new Map<string, (typeof rows)[number]>();
  let afterId: number | undefined;
  for (;;) {
    const page = await store.listBallots(pollId, { afterId, limit: BALLOT_PAGE });
    if (page.length === 0) break;
    for (const ballot of page) {
      const cells = cellsOf(ballot);
      const row = openRow.get(ballot.participantId);
      if (row && ![...cells.keys()].some((i) => row.cells.has(i))) {
        for (const [i, cell] of cells) row.cells.set(i, cell);
        continue;
      }
      const next = { createdAt: ballot.createdAt, cells };
      rows.push(next);
      openRow.set(ballot.participantId, next);
    }
    afterId = page.at(-1)!.id;
  }
  for (const [index, row] of rows.entries()) {
    const answers = Array.from({ length: width }, (_, i) => row.cells.get(i) ?? '');
    yield { number: index + 1, createdAt: row.createdAt, answers };
  }
}

/** "2026-11-22 10:05:03" in the server's zone: what a spreadsheet reads as a date and time. */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
