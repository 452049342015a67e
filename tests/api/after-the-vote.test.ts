import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { playersApp } from '../helpers/players-app.ts';
import { openStream } from '../helpers/sse-client.ts';

/** Issue 27, part A over real HTTP on a real SQLite file: 'Resultados tras votar' (who answered
 *  reads that question's results, nobody else anything) and 'Explicación' (never before its
 *  time, on any route a participant reaches). */

const server = playersApp('sondeo-after-vote-');
const { call, cookieOf } = server;
const WHY = 'Porque París es la capital desde el siglo X';

/** An open poll with 'Resultados tras votar' on: a single question with an explanation and a
 *  scale question without one. */
async function poll(settings: Record<string, boolean> = { resultsAfterVote: true }) {
  const created = await call('POST', '/polls', { title: 'Clase', settings });
  const { slug, host_secret: secret } = created.body;
  const single = await call(
    'POST',
    `/polls/${slug}/questions`,
    {
      text: 'Capital de Francia',
      type: 'single',
      options: [{ text: 'París' }, { text: 'Lyon' }],
      explanation: `  ${WHY} `,
    },
    { secret },
  );
  expect(single.status).toBe(201);
  const scale = await call(
    'POST',
    `/polls/${slug}/questions`,
    { text: '¿Te gustó?', type: 'scale', scale: { max: 5 } },
    { secret },
  );
  await call('PATCH', `/polls/${slug}`, { status: 'open' }, { secret });
  return { slug, secret, single: single.body, scale: scale.body };
}

async function answer(slug: string, player: string, questionId: number, optionId: number) {
  const res = await call(
    'POST',
    `/polls/${slug}/votes`,
    { answers: [{ questionId, optionIds: [optionId] }] },
    { player },
  );
  expect(res.status, res.text).toBe(201);
}

/** What a participant reads of the poll on every route it may call, as text. */
async function everyRoute(slug: string, player: string): Promise<Record<string, string>> {
  const read: Record<string, string> = {};
  for (const path of [`/polls/${slug}`, `/polls/${slug}/summary`, `/polls/${slug}/me`]) {
    read[path] = (await call('GET', path, undefined, { player })).text;
  }
  for (const path of [`/polls/${slug}/qa`, `/polls/${slug}/leaderboard`]) {
    read[path] = (await call('GET', path, undefined, { player })).text;
  }
  for (const path of [`/polls/${slug}/export`, `/polls/${slug}/file`]) {
    read[path] = (await call('GET', path, undefined, { player })).text;
  }
  for (const as of ['?as=participant', '']) {
    const stream = await openStream(`${server.base}/polls/${slug}/events${as}`, {
      cookie: cookieOf(player),
    });
    await stream.next((e) => e.event === 'poll');
    // A summary frame, when one is sent, follows the poll frame in the same write.
    await new Promise((r) => setTimeout(r, 150));
    stream.close();
    read[`/events${as}`] = stream.events.map((e) => `${e.event} ${e.data}`).join('\n');
  }
  return read;
}

describe("'Resultados tras votar'", () => {
  it('is off by default and saved as a setting', async () => {
    const created = await call('POST', '/polls', { title: 'Otra' });
    expect(created.body.settings.resultsAfterVote).toBe(false);
    const { slug, host_secret: secret } = created.body;
    const on = await call(
      'PATCH',
      `/polls/${slug}`,
      { settings: { resultsAfterVote: true } },
      { secret },
    );
    expect(on.body.settings.resultsAfterVote).toBe(true);
  });

  it('a participant who has not answered reads no result nor explanation on any route', async () => {
    const p = await poll();
    const paris = p.single.options[0].id;
    await answer(p.slug, 'voter', p.single.id, paris);
    const read = await everyRoute(p.slug, 'silent');
    expect(JSON.parse(read[`/polls/${p.slug}/summary`]!).code).toBe('RESULTS_PRIVATE');
    for (const [route, text] of Object.entries(read)) {
      expect(text, route).not.toContain(WHY);
      expect(text, route).not.toContain('"count"');
      expect(text, route).not.toContain('"totalAnswers"');
      expect(text, route).not.toContain('event: summary');
      expect(text, route).not.toMatch(/^summary /m);
    }
  });

  it('a participant who answered reads that question’s results and explanation, no other’s', async () => {
    const p = await poll();
    const [paris, lyon] = p.single.options.map((o: { id: number }) => o.id);
    await answer(p.slug, 'a', p.single.id, paris);
    await answer(p.slug, 'b', p.single.id, lyon);
    await answer(p.slug, 'b2', p.single.id, paris);
    const scaleFive = await call(
      'POST',
      `/polls/${p.slug}/votes`,
      {
        answers: [{ questionId: p.scale.id, value: 5 }],
      },
      { player: 'other' },
    );
    expect(scaleFive.status, scaleFive.text).toBe(201);
    const summary = await call('GET', `/polls/${p.slug}/summary`, undefined, { player: 'a' });
    expect(summary.status).toBe(200);
    const [single, scale] = summary.body.questions;
    expect(single.options.map((o: { count: number }) => o.count)).toEqual([2, 1]);
    expect(single.explanation).toBe(WHY);
    // The scale was not answered by this participant: its form, not its results.
    expect(scale.values).toBeUndefined();
    expect(scale.average).toBeUndefined();
    expect(scale.totalAnswers).toBeUndefined();
    // A new answer changes what may be read: never a 304 of the earlier view.
    const before = await fetch(`${server.base}/polls/${p.slug}/summary`, {
      headers: { cookie: cookieOf('a') },
    });
    const etag = before.headers.get('etag');
    await before.text();
    await call(
      'POST',
      `/polls/${p.slug}/votes`,
      { answers: [{ questionId: p.scale.id, value: 3 }] },
      { player: 'a' },
    );
    const after = await fetch(`${server.base}/polls/${p.slug}/summary`, {
      headers: { cookie: cookieOf('a'), 'if-none-match': etag ?? '' },
    });
    expect(after.status).toBe(200);
    const read = (await after.json()) as { questions: { values?: unknown }[] };
    expect(read.questions[1]!.values).toBeDefined();
    // The poll view itself carries no explanation outside a quiz: the summary does.
    const view = await call('GET', `/polls/${p.slug}`, undefined, { player: 'a' });
    expect(view.text).not.toContain(WHY);
  });

  it('without the setting, having answered opens nothing', async () => {
    const p = await poll({});
    await answer(p.slug, 'a', p.single.id, p.single.options[0].id);
    const summary = await call('GET', `/polls/${p.slug}/summary`, undefined, { player: 'a' });
    expect(summary.status).toBe(403);
    expect(summary.body.code).toBe('RESULTS_PRIVATE');
  });

  it("'Ocultar resultados' on a question still comes first", async () => {
    const p = await poll();
    await call('PUT', `/questions/${p.single.id}`, { resultsHidden: true }, { secret: p.secret });
    await answer(p.slug, 'a', p.single.id, p.single.options[0].id);
    const hidden = await call('GET', `/polls/${p.slug}/summary`, undefined, { player: 'a' });
    expect(hidden.status).toBe(200);
    expect(hidden.text).not.toContain('"count"');
    expect(hidden.text).not.toContain(WHY);
    await call('PUT', `/questions/${p.single.id}`, { resultsHidden: false }, { secret: p.secret });
    const shown = await call('GET', `/polls/${p.slug}/summary`, undefined, { player: 'a' });
    expect(shown.body.questions[0].options[0].count).toBe(1);
    expect(shown.body.questions[0].explanation).toBe(WHY);
  });

  it('a results read issues no participant cookie', async () => {
    const p = await poll({ resultsPublic: true });
    const res = await fetch(`${server.base}/polls/${p.slug}/summary`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe("'Explicación'", () => {
  it('is tidied, bounded to 500 characters, edited and cleared by the host', async () => {
    const p = await poll({});
    expect(p.single.explanation).toBe(WHY);
    const tooLong = await call(
      'PUT',
      `/questions/${p.single.id}`,
      { explanation: 'x'.repeat(501) },
      { secret: p.secret },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('La explicación no puede exceder 500 caracteres');
    const control = await call(
      'PUT',
      `/questions/${p.single.id}`,
      { explanation: 'a\u0000b' },
      { secret: p.secret },
    );
    expect(control.status).toBe(400);
    const edited = await call(
      'PUT',
      `/questions/${p.single.id}`,
      { explanation: 'x'.repeat(500) },
      { secret: p.secret },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.explanation).toBe('x'.repeat(500));
    const cleared = await call(
      'PUT',
      `/questions/${p.single.id}`,
      { explanation: '' },
      { secret: p.secret },
    );
    expect(cleared.body.explanation).toBeNull();
  });

  it('reaches the public with the results: a public poll’s summary, not its poll view', async () => {
    const p = await poll({ resultsPublic: true, hideResultsUntilRevealed: true });
    const before = await everyRoute(p.slug, 'x');
    for (const [route, text] of Object.entries(before)) expect(text, route).not.toContain(WHY);
    await call('PUT', `/questions/${p.single.id}`, { resultsHidden: false }, { secret: p.secret });
    const after = await call('GET', `/polls/${p.slug}/summary`);
    expect(after.body.questions[0].explanation).toBe(WHY);
    const host = await call('GET', `/polls/${p.slug}`, undefined, { secret: p.secret });
    expect(host.body.questions[0].explanation).toBe(WHY);
  });

  it('in a quiz, reaches nobody but the host before the question closes, everyone after', async () => {
    const created = await call('POST', '/polls', {
      title: 'Concurso',
      settings: { quiz: true, resultsPublic: true },
    });
    const { slug, host_secret: secret } = created.body;
    const q = await call(
      'POST',
      `/polls/${slug}/questions`,
      {
        text: 'Capital de Francia',
        type: 'single',
        options: [{ text: 'París', correct: true }, { text: 'Lyon' }],
        explanation: WHY,
        timeLimitSeconds: 60,
      },
      { secret },
    );
    await call('PATCH', `/polls/${slug}`, { status: 'open' }, { secret });
    await call('PUT', `/polls/${slug}/me`, { nickname: 'Ana' }, { player: 'ana' });
    // A second player keeps the question open after Ana's answer.
    await call('PUT', `/polls/${slug}/me`, { nickname: 'Bruno' }, { player: 'bruno' });
    const start = await call(
      'PATCH',
      `/polls/${slug}`,
      { currentQuestionId: q.body.id },
      { secret },
    );
    expect(start.status, start.text).toBe(200);
    await answer(slug, 'ana', q.body.id, q.body.options[0].id);
    const running = await everyRoute(slug, 'ana');
    for (const [route, text] of Object.entries(running)) expect(text, route).not.toContain(WHY);
    const closed = await call('POST', `/polls/${slug}/questions/${q.body.id}/close`, undefined, {
      secret,
    });
    expect(closed.status, closed.text).toBeLessThan(300);
    const view = await call('GET', `/polls/${slug}`, undefined, { player: 'ana' });
    expect(view.body.questions[0].explanation).toBe(WHY);
    const summary = await call('GET', `/polls/${slug}/summary`, undefined, { player: 'ana' });
    expect(summary.body.questions[0].explanation).toBe(WHY);
  });

  it('travels in the poll file and back', async () => {
    const p = await poll({});
    const file = await call('GET', `/polls/${p.slug}/file`, undefined, { secret: p.secret });
    expect(file.body.questions[0].explanation).toBe(WHY);
    expect(file.body.questions[1].explanation).toBeNull();
    const imported = await call('POST', '/polls/import', {
      format: 'sondeo',
      text: JSON.stringify(file.body),
    });
    expect(imported.status, imported.text).toBe(201);
    const back = await call('GET', `/polls/${imported.body.slug}/file`, undefined, {
      secret: imported.body.host_secret,
    });
    expect(back.body.questions).toEqual(file.body.questions);
    // Duplicating keeps it too, and the setting.
    const copy = await call('POST', `/polls/${p.slug}/duplicate`, undefined, { secret: p.secret });
    expect(copy.status, copy.text).toBe(201);
    const copied = await call('GET', `/polls/${copy.body.slug}`, undefined, {
      secret: copy.body.host_secret,
    });
    expect(copied.body.questions[0].explanation).toBe(WHY);
    const tooLong = structuredClone(file.body);
    tooLong.questions[0].explanation = 'x'.repeat(501);
    const refused = await call('POST', '/polls/import', {
      format: 'sondeo',
      text: JSON.stringify(tooLong),
    });
    expect(refused.status, refused.text).toBe(201);
    expect(refused.body.skipped[0].message).toContain('explicación no puede exceder 500');
  });

  it('is listed in the host’s exports, CSV and XLSX, under the summary', async () => {
    const p = await poll({});
    const file = (format: string) =>
      fetch(`${server.base}/polls/${p.slug}/export?format=${format}`, {
        headers: { 'x-host-secret': p.secret },
      });
    const csv = await (await file('csv')).text();
    expect(csv).toContain(`Explicaciones`);
    expect(csv).toContain(`Capital de Francia;${WHY}`);
    const sheets = await readExcelFile(Buffer.from(await (await file('xlsx')).arrayBuffer()));
    const rows = sheets[0]!.data.map((row) => row.slice(0, 2));
    expect(rows).toContainEqual(['Pregunta', 'Explicación']);
    expect(rows).toContainEqual(['Capital de Francia', WHY]);
    // The scale has none: no row of its own.
    expect(rows.filter((r) => r[0] === '¿Te gustó?' && r[1] !== 'Escala')).toEqual([]);
  });
});
