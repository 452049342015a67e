import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventServer, isEventsUrl } from '../../../../../tests/helpers/fake-event-stream.ts';
import { makePoll } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Poll } from '../../../../contract/poll.ts';
import { VoteScreen } from './vote-screen.tsx';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Events come from `server` while `streamUp()`; GET /polls/abc answers with `current()`. */
function setup(current: () => Poll, streamUp: () => boolean = () => true) {
  const server = new FakeEventServer();
  const fetchMock = mockFetch((url, init) => {
    if (isEventsUrl(url)) {
      if (!streamUp()) throw new TypeError('Failed to fetch');
      return server.handle(init);
    }
    if (url.pathname === '/api/v1/polls/abc') return json(current());
    throw new Error(`unexpected ${url}`);
  });
  const pollGets = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/polls/abc')).length;
  renderRoute(<VoteScreen slug="abc" />, { path: '/p/:slug', url: '/p/abc' });
  return { server, pollGets };
}

describe('VoteScreen following the poll live', () => {
  it('switches draft → open → closed by itself, without fetching the poll', async () => {
    const { server, pollGets } = setup(() => makePoll());
    await advance(0);
    server.last.send('poll', makePoll({ status: 'draft' }), 1);
    expect(await screen.findByText('Encuesta no disponible')).toBeInTheDocument();
    await advance(12_000);
    server.last.write(': ping\n\n');
    server.last.send('poll', makePoll({ status: 'open' }), 2);
    expect(await screen.findByRole('button', { name: 'Enviar respuestas' })).toBeInTheDocument();
    server.last.send('poll', makePoll({ status: 'closed' }), 3);
    expect(await screen.findByText('Encuesta finalizada')).toBeInTheDocument();
    expect(pollGets()).toBe(0);
  });

  it('shows an edited question without losing the choices made on the others', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server } = setup(() => makePoll());
    await advance(0);
    server.last.send('poll', makePoll(), 1);
    await user.click(await screen.findByText('Azul'));
    await user.click(screen.getByText('Rust'));
    expect(screen.getByText('2 de 2 respondidas')).toBeInTheDocument();

    const poll = makePoll();
    const [color, languages] = poll.questions as [Poll['questions'][0], Poll['questions'][0]];
    const edited: Poll = {
      ...poll,
      questions: [
        color,
        {
          ...languages,
          text: '¿Qué lenguajes usas en el trabajo?',
          options: [languages.options[0]!, { id: 23, text: 'Go', ordinal: 3 }],
        },
      ],
    };
    server.last.send('poll', edited, 2);
    expect(await screen.findByText('¿Qué lenguajes usas en el trabajo?')).toBeInTheDocument();
    expect(screen.getByText('Go')).toBeInTheDocument();
    // 'Azul' is untouched; 'Rust' was removed, so that question needs an answer again.
    expect(screen.getByRole('radio', { name: 'Azul' })).toBeChecked();
    expect(screen.getByText('1 de 2 respondidas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar respuestas' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    server.last.send('poll', { ...edited, title: 'Título nuevo' }, 3);
    expect(await screen.findByRole('heading', { name: 'Título nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Azul' })).toBeChecked();
  });

  it('re-checks a draft every 5 s only while the stream is down', async () => {
    let status: Poll['status'] = 'draft';
    let streamUp = false;
    const { server, pollGets } = setup(
      () => makePoll({ status }),
      () => streamUp,
    );
    expect(await screen.findByText('Encuesta no disponible')).toBeInTheDocument();
    const first = pollGets();
    expect(first).toBe(1);
    status = 'open';
    await advance(5000);
    expect(await screen.findByRole('button', { name: 'Enviar respuestas' })).toBeInTheDocument();
    expect(pollGets()).toBe(2);

    // The stream keeps retrying with backoff (with jitter: somewhere within half a minute).
    streamUp = true;
    for (let t = 0; t < 30_000 && server.streams.length === 0; t += 500) await advance(500);
    server.last.send('poll', makePoll({ status: 'draft' }), 1);
    expect(await screen.findByText('Encuesta no disponible')).toBeInTheDocument();
    const gets = pollGets();
    await advance(20_000);
    expect(pollGets()).toBe(gets);
  });
});
