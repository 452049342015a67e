import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../../../tests/helpers/render-web.tsx';
import { readQuestions } from './qa.ts';

afterEach(() => vi.unstubAllGlobals());

const question = (id: number) => ({
  id,
  text: `Pregunta ${id}`,
  nickname: null,
  votes: 500 - id,
  votedByMe: false,
  state: 'visible',
  answered: false,
  pinned: false,
  createdAt: '2026-11-25T20:00:00.000Z',
});

/** A server holding `total` questions, answering GET …/qa pages as the API does. */
function server(total: number) {
  return mockFetch((url) => {
    const query = new URL(String(url), 'http://x').searchParams;
    const limit = Number(query.get('limit'));
    const offset = Number(query.get('offset'));
    if (limit > 200) return json({ message: 'Datos no válidos', code: 'VALIDATION_ERROR' }, 400);
    const ids = Array.from({ length: total }, (_, i) => i + 1).slice(offset, offset + limit);
    return json({ questions: ids.map(question), total });
  });
}

describe('readQuestions', () => {
  it('reads past the API page of 200 in pages, each question once', async () => {
    // Before: one call with limit=250 was a 400, and the list stopped at 200.
    const fetchMock = server(450);
    const list = await readQuestions('abc', 'top', 'secreto', 250);
    expect(list.total).toBe(450);
    expect(list.questions.map((q) => q.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').search)).toEqual([
      '?sort=top&limit=200&offset=0',
      '?sort=top&limit=50&offset=200',
    ]);
  });

  it('stops at the end of the list', async () => {
    const fetchMock = server(30);
    const list = await readQuestions('abc', 'recent', null, 400);
    expect(list.questions).toHaveLength(30);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
