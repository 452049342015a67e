import { describe, expect, it } from 'vitest';
import { CreationKeys } from '../../src/server/http/creation-keys.ts';
import { addQuestion, createPoll, type Res, setUpTestApp } from './api-client.ts';

/**
 * Issue 24: a double click on 'Crear encuesta' made two polls, on 'Agregar pregunta' two
 * questions. Creations take an Idempotency-Key as ballots do: the same key within a minute
 * answers the first result, even while the first is still being made.
 */
const api = setUpTestApp();
const KEY = { 'idempotency-key': 'doble-clic-1' };

const post = (url: string, body: unknown, headers: Record<string, string>, secret?: string) =>
  api.host.call('POST', url, { body, headers, secret });

/** Two requests at once, as a double click sends them. */
function twice(send: () => Promise<Res>): Promise<Res[]> {
  return Promise.all([send(), send()]);
}

describe('Idempotency-Key on creations', () => {
  it('POST /polls twice at once with one key makes one poll, answered twice', async () => {
    const body = { title: 'Doble clic' };
    const headers = { 'idempotency-key': 'crear-encuesta-1' };
    const [a, b] = await twice(() => post('/polls', body, headers));
    expect([a?.status, b?.status]).toEqual([201, 201]);
    expect(b?.body).toEqual(a?.body);
    expect([a?.headers['idempotent-replayed'], b?.headers['idempotent-replayed']]).toContain(
      'true',
    );
    // Later within the minute: still the first one.
    const again = await post('/polls', body, headers);
    expect(again.body.slug).toBe(a?.body.slug);
    // Without a key, or with another, a new poll as before.
    const plain = await post('/polls', body, {});
    const other = await post('/polls', body, { 'idempotency-key': 'crear-encuesta-2' });
    expect(new Set([a?.body.slug, plain.body.slug, other.body.slug]).size).toBe(3);
  });

  it('refuses the same key with another request (409), and from elsewhere it is no one else’s', async () => {
    await post('/polls', { title: 'Primera' }, KEY);
    const mismatch = await post('/polls', { title: 'Otra cosa' }, KEY);
    expect(mismatch.status).toBe(409);
    expect(mismatch.body).toEqual({
      code: 'IDEMPOTENCY_MISMATCH',
      message: 'Esta clave de idempotencia ya se usó con otra petición',
    });
    // Another address with the same key and body gets its own poll, never the first's secret.
    const elsewhere = await api.app.inject({
      method: 'POST',
      url: '/api/v1/polls',
      headers: KEY,
      payload: { title: 'Primera' },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a question and an option sent twice with one key are added once', async () => {
    const poll = await createPoll(api.host, { title: 'Preguntas' });
    const question = { text: '¿Café o té?', type: 'single', options: [{ text: 'Café' }] };
    const headers = { 'idempotency-key': 'agregar-pregunta-1' };
    const [q1, q2] = await twice(() =>
      post(`/polls/${poll.slug}/questions`, question, headers, poll.secret),
    );
    expect([q1?.status, q2?.status]).toEqual([201, 201]);
    expect(q2?.body.id).toBe(q1?.body.id);

    const option = { text: 'Té' };
    const optionKey = { 'idempotency-key': 'agregar-opcion-1' };
    const [o1, o2] = await twice(() =>
      post(`/questions/${q1?.body.id}/options`, option, optionKey, poll.secret),
    );
    expect(o2?.body.id).toBe(o1?.body.id);

    const read = await api.host.get(`/polls/${poll.slug}`);
    expect(read.body.questions).toHaveLength(1);
    expect(read.body.questions[0].options.map((o: { text: string }) => o.text)).toEqual([
      'Café',
      'Té',
    ]);
    // Another question with a new key is new.
    await addQuestion(api.host, poll, { ...question, text: 'Otra' });
    expect((await api.host.get(`/polls/${poll.slug}`)).body.questions).toHaveLength(2);
  });

  it('a refused first attempt is not remembered: the retry with the key runs', async () => {
    const poll = await createPoll(api.host, { title: 'Reintento' });
    const headers = { 'idempotency-key': 'reintento-1' };
    const question = { text: '¿Sí?', type: 'yesno' };
    const wrong = await post(`/polls/${poll.slug}/questions`, question, headers, 'mal');
    expect(wrong.status).toBe(403);
    const right = await post(`/polls/${poll.slug}/questions`, question, headers, poll.secret);
    expect(right.status).toBe(201);
  });

  it('is in the OpenAPI document of the three creations', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/v1/polls', 'post'],
      ['/api/v1/polls/{slug}/questions', 'post'],
      ['/api/v1/questions/{id}/options', 'post'],
    ] as const) {
      const op = doc.paths[path][method];
      const names = op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
      expect(names, path).toContain('header:idempotency-key');
      expect(op.description, path).toContain('Idempotency-Key');
    }
  });
});

describe('CreationKeys', () => {
  it('forgets a key after its minute, and the oldest past its cap', async () => {
    let now = 0;
    const keys = new CreationKeys(2, 60_000, () => now);
    const reply = { header: () => reply } as never;
    let made = 0;
    const make = async () => ++made;
    expect(await keys.run(reply, 'k', 's', {}, make)).toBe(1);
    now = 59_000;
    expect(await keys.run(reply, 'k', 's', {}, make)).toBe(1);
    now = 60_001;
    expect(await keys.run(reply, 'k', 's', {}, make)).toBe(2);
    await keys.run(reply, 'a', 's', {}, make);
    await keys.run(reply, 'b', 's', {}, make);
    // 'k' was the oldest of three: gone.
    expect(await keys.run(reply, 'k', 's', {}, make)).toBe(5);
  });
});
