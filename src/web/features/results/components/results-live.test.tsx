import { act, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventServer, isEventsUrl } from '../../../../../tests/helpers/fake-event-stream.ts';
import { makePoll, makeSummary } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import { saveHostSecret } from '../../../lib/storage.ts';
import { ResultsScreen } from './results-screen.tsx';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Summaries = (init: RequestInit) => Response;

/** The events endpoint answers from `server` while `streamUp()`; GET summary from `summaries`. */
function setup(summaries: Summaries, streamUp: () => boolean = () => true) {
  const server = new FakeEventServer();
  const fetchMock = mockFetch((url, init) => {
    if (isEventsUrl(url)) {
      if (!streamUp()) throw new TypeError('Failed to fetch');
      return server.handle(init);
    }
    if (url.pathname.endsWith('/summary')) return summaries(init);
    throw new Error(`unexpected ${url}`);
  });
  const summaryGets = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/summary')).length;
  renderRoute(<ResultsScreen slug="abc" />, { path: '/r/:slug', url: '/r/abc' });
  return { server, fetchMock, summaryGets };
}

const totalVotes = () => screen.getByTestId('total-votes').textContent;

describe('ResultsScreen with the event stream', () => {
  it('shows pushed results live and makes no polling requests while the stream is up', async () => {
    saveHostSecret('abc', 's3cret');
    const { server, summaryGets } = setup(() => json(makeSummary()));
    await advance(0);
    expect(server.last.headers['x-host-secret']).toBe('s3cret');
    server.last.send('poll', makePoll(), 1);
    server.last.send('summary', makeSummary(), 2);
    expect(await screen.findByText('En vivo')).toBeInTheDocument();
    expect(totalVotes()).toBe('3 votos');
    server.last.send('summary', makeSummary({ totalVotes: 4 }), 3);
    await advance(0);
    expect(totalVotes()).toBe('4 votos');
    await advance(20_000);
    expect(summaryGets()).toBe(0);
  });

  it('falls back to polling when the stream drops, and stops polling once it is back', async () => {
    let streamUp = true;
    let votes = 3;
    const { server, summaryGets } = setup(
      () => json(makeSummary({ totalVotes: votes })),
      () => streamUp,
    );
    await advance(0);
    server.last.send('poll', makePoll(), 1);
    server.last.send('summary', makeSummary(), 2);
    await screen.findByText('3 votos');
    streamUp = false;
    server.last.fail();
    // The quick first retry fails too: now the stream is down and polling takes over.
    await advance(2600);
    votes = 5;
    await advance(2600);
    expect(summaryGets()).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('5 votos')).toBeInTheDocument();
    expect(screen.getByText('En vivo')).toBeInTheDocument();
    expect(screen.queryByText('Sin conexión')).not.toBeInTheDocument();

    streamUp = true;
    await advance(6000);
    server.last.send('poll', makePoll(), 3);
    server.last.send('summary', makeSummary({ totalVotes: 6 }), 4);
    await advance(0);
    expect(totalVotes()).toBe('6 votos');
    const gets = summaryGets();
    await advance(10_000);
    expect(summaryGets()).toBe(gets);
  });

  it('says Sin conexión and toasts once only when both the stream and polling fail', async () => {
    const errorToast = vi.spyOn(toast, 'error');
    let up = true;
    const { server } = setup(
      () => {
        if (!up) throw new TypeError('Failed to fetch');
        return json(makeSummary());
      },
      () => up,
    );
    await advance(0);
    server.last.send('poll', makePoll(), 1);
    server.last.send('summary', makeSummary(), 2);
    await screen.findByText('En vivo');
    up = false;
    server.last.fail();
    await advance(3000);
    expect(await screen.findByText('Sin conexión')).toBeInTheDocument();
    expect(screen.getByText('Azul')).toBeInTheDocument();
    await advance(10_000);
    expect(errorToast.mock.calls.filter(([title]) => title === 'Error de conexión')).toHaveLength(
      1,
    );
    up = true;
    await advance(16_000);
    server.last.send('poll', makePoll(), 3);
    server.last.send('summary', makeSummary(), 4);
    expect(await screen.findByText('En vivo')).toBeInTheDocument();
  });

  it('asks once for private results the stream does not send, then shows them when the poll closes', async () => {
    let closed = false;
    const { server, summaryGets } = setup(() =>
      closed
        ? json(makeSummary({ status: 'closed' }))
        : json({ message: 'Resultados privados', code: 'RESULTS_PRIVATE' }, 403),
    );
    await advance(0);
    server.last.send('poll', makePoll(), 1);
    await advance(600);
    expect(summaryGets()).toBe(1);
    expect(await screen.findByText('No se pudieron cargar los resultados')).toBeInTheDocument();
    expect(await screen.findByText('Resultados privados')).toBeInTheDocument();
    await advance(10_000);
    expect(summaryGets()).toBe(1);

    closed = true;
    server.last.send('poll', makePoll({ status: 'closed' }), 2);
    await advance(600);
    expect(await screen.findByRole('heading', { name: 'Encuesta de prueba' })).toBeInTheDocument();
    expect(totalVotes()).toBe('3 votos');
    expect(summaryGets()).toBe(2);
  });

  it('shows not found when the stream and the GET both say 404', async () => {
    const notFound = () => json({ message: 'Encuesta no encontrada', code: 'POLL_NOT_FOUND' }, 404);
    mockFetch(() => notFound());
    renderRoute(<ResultsScreen slug="abc" />, { path: '/r/:slug', url: '/r/abc' });
    expect(await screen.findByText('Encuesta no encontrada')).toBeInTheDocument();
    expect(screen.queryByText('Error de conexión')).not.toBeInTheDocument();
  });
});
