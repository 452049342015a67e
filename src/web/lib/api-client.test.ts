import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../tests/helpers/render-web.tsx';
import { apiRequest } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

/** Spec §8: how every failed call is told to the interface. */
describe('apiRequest error mapping', () => {
  it('uses the server message, the status text as code and the body as details', async () => {
    const body = { message: 'Encuesta no encontrada', code: 'POLL_NOT_FOUND' };
    mockFetch(
      () =>
        new Response(JSON.stringify(body), {
          status: 404,
          statusText: 'Not Found',
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { error } = await apiRequest('getPoll', { params: { slug: 'abc' } });
    expect(error).toMatchObject({
      message: 'Encuesta no encontrada',
      code: 'Not Found',
      status: 404,
      details: body,
    });
  });

  it("says 'Error {status}' when the body has no message, reading text bodies as text", async () => {
    mockFetch(
      () =>
        new Response('upstream down', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/plain' },
        }),
    );
    const { error } = await apiRequest('getPoll', { params: { slug: 'abc' } });
    expect(error).toMatchObject({
      message: 'Error 502',
      code: 'Bad Gateway',
      status: 502,
      details: 'upstream down',
    });
  });

  it('falls back to the body code when there is no status text (HTTP/2)', async () => {
    mockFetch(() => json({ message: 'Prohibido', code: 'FORBIDDEN' }, 403));
    const { error } = await apiRequest('getSummary', { params: { slug: 'abc' } });
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it("maps a network failure to NETWORK_ERROR, 'Error de conexión', status 0", async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { error } = await apiRequest('getPoll', { params: { slug: 'abc' } });
    expect(error).toMatchObject({ message: 'Error de conexión', code: 'NETWORK_ERROR', status: 0 });
  });

  it("refuses a host call without a secret: 'Host secret requerido', 401, no request", async () => {
    const fetchMock = mockFetch(() => json({}));
    const { error } = await apiRequest('resetVotes', { params: { slug: 'abc' } });
    expect(error).toMatchObject({
      message: 'Host secret requerido',
      code: 'NO_SECRET',
      status: 401,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("calls anything else 'Error desconocido'", async () => {
    mockFetch(() => {
      throw new RangeError('boom');
    });
    const { error } = await apiRequest('getPoll', { params: { slug: 'abc' } });
    expect(error?.message).toBe('Error desconocido');
  });

  it('sends the secret and reads JSON data on success', async () => {
    const fetchMock = mockFetch(() => json({ deletedVotes: 2 }));
    const result = await apiRequest('resetVotes', { params: { slug: 'abc' }, hostSecret: 's' });
    expect(result).toEqual({ data: { deletedVotes: 2 }, error: null });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['X-Host-Secret']).toBe('s');
  });
});

describe('apiRequest query string', () => {
  it('adds the query, leaving out undefined values, and none when there is nothing', async () => {
    const fetchMock = mockFetch(() => json({ answers: [], nextBefore: null }));
    await apiRequest('listAnswers', {
      params: { slug: 'abc', questionId: 6 },
      query: { before: 41, limit: 30, other: undefined },
    });
    await apiRequest('listAnswers', { params: { slug: 'abc', questionId: 6 }, query: {} });
    await apiRequest('getPoll', { params: { slug: 'abc' } });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/v1/polls/abc/questions/6/answers?before=41&limit=30',
      '/api/v1/polls/abc/questions/6/answers',
      '/api/v1/polls/abc',
    ]);
  });
});
