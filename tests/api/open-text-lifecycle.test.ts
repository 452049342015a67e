import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { type Json, setStatus } from './api-client.ts';
import { setUpOpenTextApi } from './open-text-fixtures.ts';

/** Issue 13: open-text and scale questions through reveal, reset, duplicate and export. */

const { api, openPoll, vote, summaryQ } = setUpOpenTextApi();

describe('reveal, reset, duplicate and export', () => {
  it('hides the words, answers, values and average of a hidden question from others', async () => {
    const { poll, text, scale } = await openPoll();
    await vote(poll, [
      { questionId: text.id, text: 'Secreto' },
      { questionId: scale.id, value: 4 },
    ]);
    for (const q of [text, scale]) {
      expect((await api.host.put(`/questions/${q.id}`, { resultsHidden: true }, poll)).status).toBe(
        200,
      );
    }
    const pub = await api.host.get(`/polls/${poll.slug}/summary`);
    const t = pub.body.questions.find((q: Json) => q.id === text.id);
    const s = pub.body.questions.find((q: Json) => q.id === scale.id);
    expect(t).toMatchObject({ hidden: true, words: [], answers: [], respondents: 1 });
    expect(t).not.toHaveProperty('totalAnswers');
    expect(s).toMatchObject({ hidden: true, respondents: 1, scale: { max: 5 } });
    expect(s).not.toHaveProperty('values');
    expect(s).not.toHaveProperty('average');
    expect(JSON.stringify(pub.body)).not.toContain('Secreto');
    const list = await api.host.get(`/polls/${poll.slug}/questions/${text.id}/answers`);
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('RESULTS_PRIVATE');
    const host = await summaryQ(poll, text.id, poll.secret);
    expect(host.answers[0].text).toBe('Secreto');
    expect((await summaryQ(poll, scale.id, poll.secret)).average).toBe(4);
  });

  it('reset clears answers and words; duplicate copies the questions without answers', async () => {
    const { poll, text, scale } = await openPoll({ moderateText: true });
    await vote(poll, [
      { questionId: text.id, text: 'Hola' },
      { questionId: scale.id, value: 2 },
    ]);
    await api.host.post(
      `/polls/${poll.slug}/questions/${text.id}/answers/approve`,
      undefined,
      poll,
    );
    expect((await summaryQ(poll, text.id)).words).toEqual([{ text: 'Hola', count: 1 }]);

    const dup = await api.host.post(`/polls/${poll.slug}/duplicate`, undefined, poll);
    expect(dup.status).toBe(201);
    const copy = { slug: dup.body.slug, secret: dup.body.host_secret, body: dup.body };
    const view = (await api.host.get(`/polls/${copy.slug}`)).body;
    expect(view.settings.moderateText).toBe(true);
    expect(view.questions.map((q: Json) => [q.type, q.options, q.scale])).toEqual([
      ['text', [], null],
      ['scale', [], { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' }],
      ['single', expect.any(Array), null],
    ]);
    const copySummary = (await api.host.get(`/polls/${copy.slug}/summary`, copy)).body;
    expect(copySummary.totalVotes).toBe(0);
    expect(copySummary.questions[0]).toMatchObject({ words: [], answers: [], pendingCount: 0 });
    expect(copySummary.questions[1].values.every((v: Json) => v.count === 0)).toBe(true);

    await setStatus(api.host, poll, 'closed');
    const reset = await api.host.post(`/polls/${poll.slug}/reset`, undefined, poll);
    expect(reset.body).toEqual({ deletedVotes: 1 });
    const after = await summaryQ(poll, text.id, poll.secret);
    expect(after).toMatchObject({ words: [], answers: [], totalAnswers: 0, respondents: 0 });
    expect(await summaryQ(poll, scale.id)).toMatchObject({ average: null, totalAnswers: 0 });
  });

  it('exports text answers with their state and scale values, and the words and average', async () => {
    const { poll, text, scale } = await openPoll();
    await vote(poll, [
      { questionId: text.id, text: 'Café, por favor' },
      { questionId: scale.id, value: 5 },
    ]);
    await vote(poll, [
      { questionId: text.id, text: 'café' },
      { questionId: scale.id, value: 2 },
    ]);
    await vote(poll, [
      { questionId: text.id, text: '¡Café!' },
      { questionId: scale.id, value: 2 },
    ]);
    await vote(poll, [
      { questionId: text.id, text: 'Eres un p.u.t.o genio' },
      { questionId: scale.id, value: 2 },
    ]);
    const res = await api.app.inject({
      method: 'GET',
      // The comma file of before (issue 24 made ';' the default: tests/api/export-spanish.test.ts).
      url: `/api/v1/polls/${poll.slug}/export?format=csv&separator=comma`,
      headers: { 'x-host-secret': poll.secret },
    });
    expect(res.statusCode).toBe(200);
    const csv = res.body;
    // 'Café, por favor' is a phrase of its own (three words), spelled as typed (issue 17);
    // 'café' and '¡Café!' one word, shown as spelled first in code-point order on a tie.
    // Shares are of the 4 who answered.
    expect(csv).toContain('¿Qué esperas de hoy?,Respuesta abierta,Café,2,50,4\r\n');
    expect(csv).toContain('¿Qué esperas de hoy?,Respuesta abierta,"Café, por favor",1,25,4\r\n');
    expect(csv).not.toMatch(/Respuesta abierta,(Eres|genio)/);
    expect(csv).toContain('¿Cuánto te gustó?,Escala,2,3,75,4\r\n');
    expect(csv).toContain('¿Cuánto te gustó?,Escala,Promedio,2.75,,4\r\n');
    expect(csv).toContain(
      '1. ¿Qué esperas de hoy?,1. ¿Qué esperas de hoy? (estado),2. ¿Cuánto te gustó?',
    );
    expect(csv).toMatch(/"Café, por favor",Visible,5,/);
    expect(csv).toContain('Eres un p.u.t.o genio,Marcada por lenguaje ofensivo,');

    const xlsx = await api.app.inject({
      method: 'GET',
      url: `/api/v1/polls/${poll.slug}/export?format=xlsx`,
      headers: { 'x-host-secret': poll.secret },
    });
    const [summary, ballots] = (await readExcelFile(xlsx.rawPayload)).map((s) => s.data) as [
      unknown[][],
      unknown[][],
    ];
    expect(summary).toContainEqual(['¿Cuánto te gustó?', 'Escala', 'Promedio', 2.75, null, 4]);
    expect(summary).toContainEqual([
      '¿Qué esperas de hoy?',
      'Respuesta abierta',
      'Café',
      2,
      0.5,
      4,
    ]);
    // A scale's value is a number cell (issue 24: it was the text '5').
    expect(ballots[1]!.slice(2)).toEqual(['Café, por favor', 'Visible', 5, null]);
    expect(ballots[4]!.slice(2, 4)).toEqual([
      'Eres un p.u.t.o genio',
      'Marcada por lenguaje ofensivo',
    ]);
  });
});
