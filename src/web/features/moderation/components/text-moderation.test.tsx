import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSummary } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Summary } from '../../../../contract/summary.ts';
import { queryKeys } from '../../../lib/query.ts';
import { TextModeration } from './text-moderation.tsx';

afterEach(() => vi.unstubAllGlobals());

const summary: Summary = {
  ...makeSummary(),
  questions: [
    {
      id: 6,
      text: '¿Qué mejorarías?',
      type: 'text',
      ordinal: 1,
      totalAnswers: 1,
      respondents: 4,
      hidden: false,
      options: [],
      words: [
        { text: 'ejemplos', count: 1 },
        { text: 'tarea', count: 1, hidden: true },
      ],
      answers: [
        { id: 4, text: 'Pendiente uno', createdAt: '2024-01-01T10:04:00Z', state: 'held' },
        { id: 3, text: 'Una palabrota', createdAt: '2024-01-01T10:03:00Z', state: 'flagged' },
        { id: 2, text: 'Más ejemplos', createdAt: '2024-01-01T10:02:00Z', state: 'visible' },
        { id: 1, text: 'Menos tarea', createdAt: '2024-01-01T10:01:00Z', state: 'hidden' },
      ],
      pendingCount: 2,
    },
  ],
};

function renderModeration() {
  const fetchMock = mockFetch((url, init) => {
    if (url.pathname.endsWith('/summary')) return json(summary);
    if (init.method === 'PATCH') return json({ id: 2, state: 'hidden' });
    if (url.pathname.endsWith('/approve')) return json({ approved: 1 });
    if (url.pathname.endsWith('/hidden-words')) return json({ hiddenWords: ['ejemplos'] });
    return json({ message: 'no', code: 'NOT_FOUND' }, 404);
  });
  const utils = renderRoute(<TextModeration slug="abc" secret="s3cret" questionId={6} />, {
    path: '/host/:slug',
    url: '/host/abc',
  });
  return { ...utils, fetchMock, user: userEvent.setup() };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('TextModeration', () => {
  it('opens on what waits: held and filtered answers marked, the rest with their state', async () => {
    renderModeration();
    expect(await screen.findByTestId('moderation-pending')).toHaveTextContent('2 pendientes');
    const queue = screen.getByRole('region', { name: 'Esperan tu decisión' });
    const rows = within(queue).getAllByTestId('moderation-answer');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Pendiente de aprobar'),
      expect.stringContaining('Oculta por el filtro'),
    ]);
    expect(within(queue).getByRole('button', { name: 'Aprobar: «Pendiente uno»' })).toBeEnabled();
    expect(within(queue).getByRole('button', { name: 'Mostrar: «Una palabrota»' })).toBeEnabled();
    const rest = screen.getByRole('region', { name: 'Respuestas' });
    expect(within(rest).getByRole('button', { name: 'Ocultar: «Más ejemplos»' })).toBeEnabled();
    expect(within(rest).getByRole('button', { name: 'Mostrar: «Menos tarea»' })).toBeEnabled();
  });

  it('hides an answer with the secret and refreshes the summary and the answers pages only', async () => {
    const { user, fetchMock, queryClient } = renderModeration();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(await screen.findByRole('button', { name: 'Ocultar: «Más ejemplos»' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH')).toHaveLength(1));
    const [url, init] = calls(fetchMock, 'PATCH')[0] ?? [];
    expect(String(url)).toBe('/api/v1/polls/abc/answers/2');
    expect(JSON.parse(String(init?.body))).toEqual({ state: 'hidden' });
    expect(init?.headers).toMatchObject({ 'X-Host-Secret': 's3cret' });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      queryKeys.summary('abc'),
      queryKeys.answers('abc', 6),
    ]);
  });

  it('approves every held answer at once', async () => {
    const { user, fetchMock } = renderModeration();
    await user.click(await screen.findByRole('button', { name: 'Aprobar todas' }));
    await waitFor(() => expect(calls(fetchMock, 'POST')).toHaveLength(1));
    expect(String(calls(fetchMock, 'POST')[0]?.[0])).toBe(
      '/api/v1/polls/abc/questions/6/answers/approve',
    );
  });

  it('takes a word out of the cloud and puts a hidden one back', async () => {
    const { user, fetchMock, queryClient } = renderModeration();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(
      await screen.findByRole('button', { name: /^Quitar de la nube:\s*ejemplos\s*1$/ }),
    );
    await user.click(
      screen.getByRole('button', { name: /^Oculta; devolver a la nube:\s*tarea\s*1$/ }),
    );
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toHaveLength(2));
    expect(calls(fetchMock, 'PUT').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { word: 'ejemplos', hidden: true },
      { word: 'tarea', hidden: false },
    ]);
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    // A word changes the cloud, not the answers.
    expect(invalidate.mock.calls.every(([f]) => f?.queryKey?.[0] === 'summary-abc')).toBe(true);
  });
});
