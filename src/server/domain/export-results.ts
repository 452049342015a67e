import type { PollStatus, QuestionType } from '../../contract/index.ts';
import type { PollRecord, PollStore, QuestionWithOptions } from '../store/store.ts';
import { findPollAsHost } from './poll-view.ts';
import { computeSummary } from './tally.ts';

/**
 * A poll's results as tables, for the host's exports (CSV, XLSX): the same rows whatever the
 * format, so both files say the same thing. Ballots are anonymous: a number, a time and the
 * options chosen, never the participant.
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
} as const;

/** Ballots read per page: bounded memory for the CSV stream, few round trips. */
const BALLOT_PAGE = 500;

export interface SummaryRow {
  question: string;
  type: string;
  option: string;
  count: number;
  /** 0..1. A multiple question's share of the people who answered it (they may choose several,
   *  so its shares add up to more than 1); a single or yes/no question's share of its answers.
   *  null when nobody answered. */
  share: number | null;
  respondents: number;
}

export interface BallotRow {
  /** 1, 2, 3… in the order the ballots were stored: not the database id. */
  number: number;
  createdAt: Date;
  /** One cell per question, in ballotColumns' order: the options chosen, '' if unanswered. */
  answers: string[];
}

export interface ResultsExport {
  poll: PollRecord;
  exportedAt: Date;
  /** The server's zone, in which the times of the files are written. */
  timeZone: string;
  ballotCount: number;
  summary: SummaryRow[];
  /** The ballots section's question columns: "1. text". */
  ballotColumns: string[];
  /** Reads the ballots page by page as they are consumed. */
  ballots(): AsyncGenerator<BallotRow>;
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
  const summaryRows = summary.questions.flatMap((q) => {
    // The host's summary: every count is there, hidden questions' included.
    const base = (q.type === 'multiple' ? q.respondents : q.totalAnswers) ?? 0;
    return q.options.map(
      (o): SummaryRow => ({
        question: q.text,
        type: exportLabels.types[q.type],
        option: o.text,
        count: o.count ?? 0,
        share: base > 0 ? (o.count ?? 0) / base : null,
        respondents: q.respondents,
      }),
    );
  });
  return {
    poll,
    exportedAt: now,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ballotCount: summary.totalVotes,
    summary: summaryRows,
    ballotColumns: questions.map((q, i) => `${i + 1}. ${q.text}`),
    ballots: () => readBallots(store, poll.id, questions),
  };
}

const emptyCounts = { ballots: 0, optionCounts: [], respondents: [] };

async function* readBallots(
  store: PollStore,
  pollId: number,
  questions: QuestionWithOptions[],
): AsyncGenerator<BallotRow> {
  const column = new Map(questions.map((q, i) => [q.id, i]));
  const optionText = new Map(questions.flatMap((q) => q.options.map((o) => [o.id, o.text])));
  // The question's option order, not the order of ids, within one answer.
  const optionRank = new Map(questions.flatMap((q) => q.options.map((o, i) => [o.id, i])));
  let number = 0;
  let afterId: number | undefined;
  for (;;) {
    const page = await store.listBallots(pollId, { afterId, limit: BALLOT_PAGE });
    if (page.length === 0) return;
    for (const ballot of page) {
      const chosen: number[][] = questions.map(() => []);
      for (const c of ballot.choices) {
        // A question or option added after the tally was read has no column: left out.
        const i = column.get(c.questionId);
        if (i !== undefined && optionText.has(c.optionId)) chosen[i]!.push(c.optionId);
      }
      number += 1;
      yield {
        number,
        createdAt: ballot.createdAt,
        answers: chosen.map((ids) =>
          ids
            .sort((a, b) => optionRank.get(a)! - optionRank.get(b)!)
            .map((id) => optionText.get(id)!)
            .join(exportLabels.choiceSeparator),
        ),
      };
    }
    afterId = page.at(-1)!.id;
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
