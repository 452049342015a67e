import { expect } from 'vitest';
import {
  addQuestion,
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  setStatus,
  setUpTestApp,
} from './api-client.ts';

/** An open poll with an open-text, a scale (1–5, 'Nada'…'Mucho') and a single question. */
export async function textScalePoll(client: Client, settings: Record<string, boolean> = {}) {
  const poll = await createPoll(client, {
    title: 'Taller',
    settings: { resultsPublic: true, ...settings },
  });
  const text = await addQuestion(client, poll, { text: '¿Qué esperas de hoy?', type: 'text' });
  const scale = await addQuestion(client, poll, {
    text: '¿Cuánto te gustó?',
    type: 'scale',
    scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
  });
  const single = await addQuestion(client, poll, {
    text: '¿Color?',
    type: 'single',
    options: [{ text: 'Rojo' }, { text: 'Azul' }],
  });
  expect((await setStatus(client, poll, 'open')).status).toBe(200);
  return { poll, text, scale, single };
}

/** An open poll ('Lluvia de ideas') with one open-text question, results public, many answers each. */
export async function ideasPoll(client: Client, settings: Record<string, boolean> = {}) {
  const poll = await createPoll(client, {
    title: 'Lluvia de ideas',
    settings: { resultsPublic: true, oneVotePerQuestion: false, ...settings },
  });
  const text = await addQuestion(client, poll, { text: '¿Una idea?', type: 'text' });
  await setStatus(client, poll, 'open');
  return { poll, text };
}

/** One question of the summary as the audience and as the host get it (`pubRaw`: all of the former). */
export async function audienceAndHostSummary(client: Client, poll: HostedPoll, questionId: number) {
  const pub = (await client.get(`/polls/${poll.slug}/summary`)).body;
  const host = (await client.get(`/polls/${poll.slug}/summary`, poll)).body;
  return {
    pubRaw: JSON.stringify(pub),
    pub: pub.questions.find((q: Json) => q.id === questionId),
    host: host.questions.find((q: Json) => q.id === questionId),
  };
}

/** One question of the summary, as the audience (or, with the secret, the host) gets it. */
export async function summaryQuestion(
  client: Client,
  poll: HostedPoll,
  id: number,
  secret?: string,
): Promise<Json> {
  const summary = (await client.get(`/polls/${poll.slug}/summary`, { secret })).body;
  return summary.questions.find((q: Json) => q.id === id);
}

/**
 * The app the open-text API tests share in a file (made before, closed after them), with their
 * helpers: an open text/scale poll, a ballot from a new participant, one question of the summary.
 */
export function setUpOpenTextApi() {
  const api = setUpTestApp();
  return {
    api,
    openPoll: (settings: Record<string, boolean> = {}) => textScalePoll(api.host, settings),
    vote: (poll: HostedPoll, answers: unknown[], voter = new Client(api.app)) =>
      voter.post(`/polls/${poll.slug}/votes`, { answers }),
    summaryQ: (poll: HostedPoll, id: number, secret?: string) =>
      summaryQuestion(api.host, poll, id, secret),
  };
}
