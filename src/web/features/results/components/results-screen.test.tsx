import { act, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEventsUrl } from '../../../../../tests/helpers/fake-event-stream.ts';
import { makeSummary } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Summary } from '../../../../contract/summary.ts';
import { saveHostSecret } from '../../../lib/storage.ts';
import { ResultsScreen } from './results-screen.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// The shared summary plus an option nobody chose: it stays in its place at 0% and does not lead.
const base = makeSummary();
const summary: Summary = {
  ...base,
  questions: base.questions.map((q) => ({
    ...q,
    options: [...q.options, { id: 13, text: 'Verde', ordinal: 3, count: 0 }],
  })),
};

function renderResults() {
  return renderRoute(<ResultsScreen slug="abc" />, { path: '/r/:slug', url: '/r/abc' });
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * The tests below describe the page fed by polling, as the spec has it: the event stream is
 * down (the server answers 503), so the 2.5 s polling fallback is what keeps the page current.
 */
function mockSummaryOnly(handler: Handler) {
  return mockFetch((url, init) =>
    isEventsUrl(url) ? json({ message: 'down', code: 'UNAVAILABLE' }, 503) : handler(url, init),
  );
}

describe('ResultsScreen (stream down, polling)', () => {
  it("lists options in the host's order with percent and marks the leader 'Más votada'", async () => {
    mockSummaryOnly(() => json(summary));
    renderResults();
    expect(await screen.findByRole('heading', { name: 'Encuesta de prueba' })).toBeInTheDocument();
    expect(screen.getByTestId('total-votes')).toHaveTextContent('3 votos');
    expect(screen.getByText('En vivo')).toBeInTheDocument();
    const rows = screen.getAllByTestId('result-option');
    expect(rows.map((r) => within(r).getByTestId('result-option-text').textContent)).toEqual([
      'Rojo',
      'Azul',
      'Verde',
    ]);
    expect(rows.map((r) => within(r).getByTestId('result-option-percent').textContent)).toEqual([
      '33%',
      '67%',
      '0%',
    ]);
    expect(rows.map((r) => r.dataset.leading === 'true')).toEqual([false, true, false]);
    // The mark is words and an arrow, on the leader only: no trophy.
    expect(within(rows[1]!).getByTestId('result-option-mark')).toHaveTextContent('Más votada');
    expect(rows.flatMap((r) => within(r).queryAllByTestId('result-option-mark'))).toHaveLength(1);
    expect(document.querySelector('.lucide-trophy')).toBeNull();
    // Polled while the stream is down, and the footer says so (with a Spanish decimal comma).
    expect(screen.getByTestId('refresh-note')).toHaveTextContent('Se actualiza cada 2,5 segundos');
    expect(screen.getByTestId('last-update')).toHaveTextContent(/Última actualización: \d\d:\d\d/);
  });

  it('hides and shows percentages', async () => {
    mockSummaryOnly(() => json(summary));
    renderResults();
    const toggle = await screen.findByRole('button', { name: 'Ocultar porcentajes' });
    act(() => toggle.click());
    expect(screen.queryByTestId('result-option-percent')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar porcentajes' })).toBeInTheDocument();
  });

  it('waits for answers when there are no votes, and says when there are no questions', async () => {
    mockSummaryOnly(() => json({ ...summary, totalVotes: 0 }));
    renderResults();
    expect(await screen.findByText('Esperando respuestas...')).toBeInTheDocument();
  });

  it('says Sin preguntas for a poll without questions', async () => {
    mockSummaryOnly(() => json({ ...summary, totalVotes: 0, questions: [] }));
    renderResults();
    expect(await screen.findByText('Sin preguntas')).toBeInTheDocument();
  });

  it('sends the host secret when this browser holds it', async () => {
    saveHostSecret('abc', 's3cret');
    const fetchMock = mockSummaryOnly(() => json(summary));
    renderResults();
    await screen.findByRole('heading', { name: 'Encuesta de prueba' });
    const get = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/summary'));
    const headers = get?.[1]?.headers as Record<string, string>;
    expect(headers['X-Host-Secret']).toBe('s3cret');
  });

  it('on 403 shows the private state and its toast', async () => {
    mockSummaryOnly(() => json({ message: 'Resultados privados', code: 'RESULTS_PRIVATE' }, 403));
    renderResults();
    expect(await screen.findByText('No se pudieron cargar los resultados')).toBeInTheDocument();
    expect(await screen.findByText('Resultados privados')).toBeInTheDocument();
    // The page says what to expect instead of repeating the toast word for word.
    expect(screen.getByText(/Todos podrán verlos aquí cuando la cierre/)).toBeInTheDocument();
    expect(
      screen.getAllByText(
        'Los resultados no están disponibles públicamente mientras la encuesta está abierta',
      ).length,
    ).toBeGreaterThan(0);
  });

  it('on 403 for a draft says the poll is not open yet, on the page and in the toast', async () => {
    const draft = { slug: 'abc', title: 'Borrador', status: 'draft', questions: [] };
    mockSummaryOnly((url) =>
      url.pathname.endsWith('/summary')
        ? json({ message: 'Resultados privados', code: 'RESULTS_PRIVATE' }, 403)
        : json(draft),
    );
    renderResults();
    expect(await screen.findByText(/todavía no se ha abierto/)).toBeInTheDocument();
    expect(await screen.findByText('La encuesta todavía no está abierta')).toBeInTheDocument();
    expect(screen.queryByText(/mientras la encuesta está abierta/)).not.toBeInTheDocument();
  });

  it('on 404 shows not found without a toast', async () => {
    mockSummaryOnly(() => json({ message: 'Encuesta no encontrada', code: 'POLL_NOT_FOUND' }, 404));
    renderResults();
    expect(await screen.findByText('Encuesta no encontrada')).toBeInTheDocument();
    expect(screen.queryByText('Error de conexión')).not.toBeInTheDocument();
    expect(screen.queryByText('Resultados privados')).not.toBeInTheDocument();
  });

  it('on a lost connection keeps the numbers, says Sin conexión and toasts once', async () => {
    let up = true;
    const fetchMock = mockSummaryOnly(() => {
      if (up) return json(summary);
      throw new TypeError('Failed to fetch');
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const errorToast = vi.spyOn(toast, 'error');
    renderResults();
    await screen.findByText('En vivo');
    up = false;
    await act(() => vi.advanceTimersByTimeAsync(2600));
    expect(await screen.findByText('Sin conexión')).toBeInTheDocument();
    expect(await screen.findByText('Error de conexión')).toBeInTheDocument();
    expect(screen.getByText('Azul')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5200));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
    expect(errorToast.mock.calls.filter(([title]) => title === 'Error de conexión')).toHaveLength(
      1,
    );
    up = true;
    await act(() => vi.advanceTimersByTimeAsync(2600));
    expect(await screen.findByText('En vivo')).toBeInTheDocument();
  });

  it('with no data yet and no connection, says so', async () => {
    mockSummaryOnly(() => json({ message: 'boom', code: 'INTERNAL_ERROR' }, 500));
    renderResults();
    expect(await screen.findByText('Sin conexión')).toBeInTheDocument();
    expect(screen.getByText('No se pudieron cargar los resultados')).toBeInTheDocument();
    expect(await screen.findByText('Error de conexión')).toBeInTheDocument();
  });
});
