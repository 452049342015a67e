import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { Client, type Json, setUpTestApp } from './api-client.ts';
import { ideasPoll } from './open-text-fixtures.ts';

/**
 * Issue 24, 'The cloud drops negations': 'ni idea' is not 'idea', 'todo, no me entero' is not
 * 'entero'. The public cloud and the export's summary count the same terms, negation included.
 */

const api = setUpTestApp();

describe('a negation in the cloud', () => {
  it('stays with what it negates, in the summary and in the export', async () => {
    const { poll, text } = await ideasPoll(api.host);
    const answers = ['ni idea', 'Ni idea.', 'todo, no me entero', 'Me gusta el café sin azúcar'];
    for (const t of answers) {
      const res = await new Client(api.app).post(`/polls/${poll.slug}/votes`, {
        answers: [{ questionId: text.id, text: t }],
      });
      expect(res.status).toBe(201);
    }
    const pub = (await new Client(api.app).get(`/polls/${poll.slug}/summary`)).body.questions[0];
    const cloud = Object.fromEntries(pub.words.map((w: Json) => [w.text, w.count]));
    expect(cloud).toEqual({
      'Ni idea': 2,
      'no me entero': 1,
      gusta: 1,
      café: 1,
      'sin azúcar': 1,
    });

    const file = await api.app.inject({
      method: 'GET',
      url: `/api/v1/polls/${poll.slug}/export?format=xlsx`,
      headers: { 'x-host-secret': poll.secret },
    });
    expect(file.statusCode).toBe(200);
    const [summary] = await readExcelFile(file.rawPayload);
    const rows = summary!.data.filter((row) => row[0] === '¿Una idea?');
    const exported = Object.fromEntries(rows.map((row) => [row[2], Number(row[3])]));
    expect(exported).toEqual(cloud);
  });
});
