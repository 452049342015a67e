import { expect } from 'vitest';
import {
  addQuestion,
  type Client,
  createPoll,
  type HostedPoll,
  type Json,
  setStatus,
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
