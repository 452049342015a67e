import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Question, Scale } from '../../../../contract/poll.ts';
import { HostSessionProvider } from '../host-session.tsx';
import { ScaleEdit } from './scale-edit.tsx';

afterEach(() => vi.unstubAllGlobals());

function question(scale: Scale): Question {
  return {
    id: 9,
    text: '¿Cuánto te gustó?',
    type: 'scale',
    ordinal: 1,
    timeLimitSeconds: null,
    resultsHidden: false,
    scale,
    options: [],
  };
}

/** The host's summary: this scale question's answers per value. */
function summary(counts: number[]) {
  return {
    slug: 'abc',
    title: 'Clase',
    status: 'open',
    totalVotes: counts.reduce((a, b) => a + b, 0),
    updatedAt: '2026-11-22T10:00:00.000Z',
    questions: [
      {
        id: 9,
        text: '¿Cuánto te gustó?',
        type: 'scale',
        ordinal: 1,
        respondents: counts.reduce((a, b) => a + b, 0),
        hidden: false,
        options: [],
        values: counts.map((count, i) => ({ value: i + 1, count })),
        average: null,
      },
    ],
  };
}

function renderEdit(q: Question, counts: number[]) {
  const fetchMock = mockFetch((url, init) => {
    if (url.pathname.endsWith('/summary')) return json(summary(counts));
    const body = JSON.parse(String(init.body)) as { scale: Scale };
    return json({ ...q, scale: body.scale });
  });
  renderRoute(
    <HostSessionProvider slug="abc" secret="s3cret">
      <ScaleEdit question={q} />
    </HostSessionProvider>,
    { path: '/host/:slug', url: '/host/abc' },
  );
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

/** The summary's response has been read (the count of answers to lose comes from it). */
async function summaryLoaded(fetchMock: ReturnType<typeof mockFetch>) {
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('ScaleEdit', () => {
  it('saves a wider range and new end labels, with no confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderEdit(question({ max: 5, minLabel: null, maxLabel: null }), [1, 2]);
    await user.click(screen.getByRole('button', { name: 'Editar escala: De 1 a 5' }));
    await user.click(screen.getByRole('radio', { name: 'De 1 a 10' }));
    await user.type(screen.getByLabelText('Etiqueta del 1 (opcional)'), 'Nada');
    await user.type(screen.getByLabelText('Etiqueta del 10 (opcional)'), '  Muchísimo ');
    await user.click(screen.getByRole('button', { name: 'Guardar escala' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const [url, init] = puts(fetchMock)[0] ?? [];
    expect(String(url)).toBe('/api/v1/questions/9');
    expect(new Headers(init?.headers).get('X-Host-Secret')).toBe('s3cret');
    expect(JSON.parse(String(init?.body))).toEqual({
      scale: { max: 10, minLabel: 'Nada', maxLabel: 'Muchísimo' },
    });
    expect(await screen.findByText('Escala actualizada')).toBeInTheDocument();
  });

  it('asks first when lowering the maximum would delete answers, saying how many', async () => {
    const user = userEvent.setup();
    const counts = [0, 1, 0, 0, 0, 2, 0, 1, 0, 0];
    const fetchMock = renderEdit(
      question({ max: 10, minLabel: 'Nada', maxLabel: 'Mucho' }),
      counts,
    );
    await summaryLoaded(fetchMock);
    await user.click(screen.getByRole('button', { name: /^Editar escala: De 1 a 10/ }));
    await user.click(screen.getByRole('radio', { name: 'De 1 a 5' }));
    await user.click(screen.getByRole('button', { name: 'Guardar escala' }));

    const dialog = await screen.findByRole('alertdialog', { name: '¿Reducir la escala a 1–5?' });
    expect(dialog).toHaveTextContent(
      'Se eliminarán permanentemente las 3 respuestas mayores que 5. Esta acción no se puede deshacer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(puts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Guardar escala' }));
    await user.click(await screen.findByRole('button', { name: 'Reducir y eliminar respuestas' }));
    const [, init] = puts(fetchMock)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
    });
  });

  it('lowers without asking when no answer is above the new maximum', async () => {
    const user = userEvent.setup();
    const counts = [1, 0, 3, 0, 0, 0, 0, 0, 0, 0];
    const fetchMock = renderEdit(question({ max: 10, minLabel: null, maxLabel: null }), counts);
    await summaryLoaded(fetchMock);
    await user.click(screen.getByRole('button', { name: 'Editar escala: De 1 a 10' }));
    await user.click(screen.getByRole('radio', { name: 'De 1 a 5' }));
    await user.click(screen.getByRole('button', { name: 'Guardar escala' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
  });

  it('Escape backs out without saving', async () => {
    const user = userEvent.setup();
    const fetchMock = renderEdit(question({ max: 5, minLabel: null, maxLabel: null }), []);
    await user.click(screen.getByRole('button', { name: 'Editar escala: De 1 a 5' }));
    await user.click(screen.getByRole('radio', { name: 'De 1 a 10' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Editar escala: De 1 a 5' })).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(0);
  });
});
