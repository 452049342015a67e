import type { QaState } from '../../../contract/qa.ts';
import type { PollStore } from '../../store/store.ts';

/** Issue 20: the audience's questions in the host's exports (CSV section, XLSX sheet). */
export const qaExportLabels = {
  section: 'Preguntas del público',
  header: ['Pregunta', 'Nombre', 'Votos', 'Estado', 'Respondida', 'Hora'],
  anonymous: 'Anónimo',
  answered: { true: 'Sí', false: 'No' },
  states: {
    visible: 'Visible',
    held: 'Pendiente de revisión',
    flagged: 'Oculta por el filtro',
    hidden: 'Oculta',
  } satisfies Record<QaState, string>,
} as const;

export interface QaExportRow {
  text: string;
  nickname: string;
  votes: number;
  state: string;
  answered: string;
  createdAt: Date;
}

/** Read a page at a time: a poll holds up to QA_QUESTIONS_PER_POLL of them. */
const PAGE = 500;

/** Every question of the poll, most voted first, in every state (the export is the host's). */
export async function* qaExportRows(store: PollStore, pollId: number): AsyncGenerator<QaExportRow> {
  for (let offset = 0; ; offset += PAGE) {
    const { records } = await store.listQaQuestions(pollId, { sort: 'top', limit: PAGE, offset });
    for (const r of records) {
      yield {
        text: r.text,
        nickname: r.nickname ?? qaExportLabels.anonymous,
        votes: r.votes,
        state: qaExportLabels.states[r.state],
        answered: qaExportLabels.answered[r.answered ? 'true' : 'false'],
        createdAt: r.createdAt,
      };
    }
    if (records.length < PAGE) return;
  }
}
