import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePoll as makeSharedPoll } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Poll } from '../../../../contract/poll.ts';
import { hasVoted, markVoted } from '../../../lib/voted.ts';
import { VoteScreen } from './vote-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The shared poll with its questions listed out of order: the page must sort them by ordinal. */
function makePoll(overrides: Partial<Poll> = {}): Poll {
  const poll = makeSharedPoll(overrides);
  return { ...poll, questions: [...poll.questions].reverse() };
}

/**
 * The events request falls through to the 404 below: the stream is refused, so these tests see
 * the page working from GET /polls/{slug} alone (vote-live.test.tsx covers the stream).
 */
function renderVote(poll: Poll | Response, onVote?: (init: RequestInit) => Response) {
  const fetchMock = mockFetch((url, init) => {
    if (url.pathname === '/api/v1/polls/abc' && !init.method?.match(/POST/)) {
      return poll instanceof Response ? poll : json(poll);
    }
    if (url.pathname === '/api/v1/polls/abc/votes' && onVote) return onVote(init);
    return json({ message: 'no', code: 'NOT_FOUND' }, 404);
  });
  renderRoute(<VoteScreen slug="abc" />, { path: '/p/:slug', url: '/p/abc' });
  return fetchMock;
}

describe('VoteScreen states', () => {
  it('shows loading, then the questions by ordinal', async () => {
    renderVote(makePoll());
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    const legends = await screen.findAllByRole('group');
    expect(legends.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      '1.¿Color favorito?',
      '2.¿Qué lenguajes usas?',
    ]);
    expect(screen.getByRole('heading', { name: 'Encuesta de prueba' })).toBeInTheDocument();
  });

  it('shows not found on error', async () => {
    renderVote(json({ message: 'Encuesta no encontrada', code: 'POLL_NOT_FOUND' }, 404));
    expect(await screen.findByText('Encuesta no encontrada')).toBeInTheDocument();
  });

  it('shows the thank-you screen when this session already voted', async () => {
    markVoted('abc', 0);
    renderVote(makePoll({ status: 'closed' }));
    expect(await screen.findByText('¡Gracias por participar!')).toBeInTheDocument();
    expect(screen.queryByText('Encuesta finalizada')).not.toBeInTheDocument();
  });

  it('asks again after the host reset the votes: the flag belongs to the previous run', async () => {
    markVoted('abc', 0);
    renderVote(makePoll({ resetCount: 1 }));
    expect(await screen.findByRole('button', { name: 'Enviar respuestas' })).toBeInTheDocument();
    expect(screen.queryByText('¡Gracias por participar!')).not.toBeInTheDocument();
  });

  it.each([
    ['closed', 'Encuesta finalizada'],
    ['draft', 'Encuesta no disponible'],
  ] as const)('shows the %s state', async (status, title) => {
    renderVote(makePoll({ status }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar respuestas' })).not.toBeInTheDocument();
  });

  it('makes each full-screen state the page heading (h1), as the form screen has', async () => {
    renderVote(makePoll({ status: 'closed' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Encuesta finalizada' }),
    ).toBeInTheDocument();
  });

  it('shows Sin preguntas for an open poll without questions', async () => {
    renderVote(makePoll({ questions: [] }));
    expect(await screen.findByText('Sin preguntas')).toBeInTheDocument();
  });
});

describe('VoteScreen form', () => {
  it('enables sending only when every question has a choice', async () => {
    const user = userEvent.setup();
    renderVote(makePoll());
    const send = await screen.findByRole('button', { name: 'Enviar respuestas' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('0 de 2 respondidas')).toBeInTheDocument();

    await user.click(screen.getByText('Rojo'));
    await user.click(screen.getByText('Azul'));
    expect(screen.getByRole('radio', { name: 'Azul' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Rojo' })).not.toBeChecked();
    expect(screen.getByText('1 de 2 respondidas')).toBeInTheDocument();
    expect(send).toHaveAttribute('aria-disabled', 'true');
    // Issue 17: it says which one is missing, and a tap on the inactive button shows it.
    expect(screen.getByRole('button', { name: 'Te falta la pregunta 2' })).toBeInTheDocument();
    await user.click(send);
    expect(screen.getByRole('checkbox', { name: 'TypeScript' })).toHaveFocus();
    expect(screen.getByText('1 de 2 respondidas')).toBeInTheDocument();

    await user.click(screen.getByText('TypeScript'));
    await user.click(screen.getByText('Rust'));
    expect(screen.getByRole('checkbox', { name: 'TypeScript' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Rust' })).toBeChecked();
    expect(screen.getByText('2 de 2 respondidas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Te falta/ })).toBeNull();
    expect(send).toHaveAttribute('aria-disabled', 'false');

    await user.click(screen.getByText('TypeScript'));
    await user.click(screen.getByText('Rust'));
    expect(screen.getByText('1 de 2 respondidas')).toBeInTheDocument();
    expect(send).toHaveAttribute('aria-disabled', 'true');
  });

  it('sends the ballot with an Idempotency-Key, then thanks and remembers', async () => {
    const user = userEvent.setup();
    const fetchMock = renderVote(makePoll(), () => json({ saved: 2 }, 201));
    await user.click(await screen.findByText('Azul'));
    await user.click(screen.getByText('Rust'));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));

    expect(await screen.findByText('¡Gracias por participar!')).toBeInTheDocument();
    expect(await screen.findByText('¡Voto enviado!')).toBeInTheDocument();
    expect(screen.getByText('Se registraron 2 respuestas')).toBeInTheDocument();
    expect(hasVoted('abc', 0)).toBe(true);
    expect(hasVoted('abc', 1)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Enviar respuestas' })).not.toBeInTheDocument();

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      answers: [
        { questionId: 1, optionIds: [12] },
        { questionId: 2, optionIds: [22] },
      ],
    });
    const headers = post?.[1]?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server message when the vote is refused', async () => {
    const user = userEvent.setup();
    renderVote(makePoll(), () =>
      json({ message: 'Ya votaste en esta encuesta', code: 'ALREADY_VOTED' }, 409),
    );
    await user.click(await screen.findByText('Rojo'));
    await user.click(screen.getByText('TypeScript'));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));

    expect(await screen.findByText('Error al votar')).toBeInTheDocument();
    expect(screen.getByText('Ya votaste en esta encuesta')).toBeInTheDocument();
    expect(hasVoted('abc', 0)).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Enviar respuestas' })).toBeEnabled(),
    );
  });

  it('with the presenter pace, a refused answer (the presenter moved on) says why and shows the current question', async () => {
    const user = userEvent.setup();
    const paced = (current: number) =>
      makePoll({
        settings: { ...makePoll().settings, presenterPace: true },
        currentQuestionId: current,
      });
    let current = 1;
    mockFetch((url, init) => {
      if (url.pathname === '/api/v1/polls/abc' && !init.method?.match(/POST/)) {
        return json(paced(current));
      }
      if (url.pathname === '/api/v1/polls/abc/votes') {
        current = 2;
        return json(
          {
            message:
              'Esa pregunta no es la que muestra ahora el presentador; responde la pregunta actual',
            code: 'QUESTION_NOT_CURRENT',
          },
          409,
        );
      }
      return json({ message: 'no', code: 'NOT_FOUND' }, 404);
    });
    renderRoute(<VoteScreen slug="abc" />, { path: '/p/:slug', url: '/p/abc' });
    await user.click(await screen.findByText('Rojo'));
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Error al votar')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Esa pregunta no es la que muestra ahora el presentador; responde la pregunta actual',
      ),
    ).toBeInTheDocument();
    // The poll is read again: the question the presenter shows now is asked.
    expect(await screen.findByText('TypeScript')).toBeInTheDocument();
    expect(screen.queryByText('Rojo')).not.toBeInTheDocument();
  });
});
