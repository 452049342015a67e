import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEventsUrl } from '../../../../../tests/helpers/fake-event-stream.ts';
import { makeSummary } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Summary, SummaryQuestion } from '../../../../contract/summary.ts';
import { ResultsScreen } from './results-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const scale: SummaryQuestion = {
  id: 5,
  text: '¿Cuánto te gustó?',
  type: 'scale',
  ordinal: 1,
  totalAnswers: 5,
  respondents: 5,
  hidden: false,
  options: [],
  scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
  values: [
    { value: 1, count: 0 },
    { value: 2, count: 1 },
    { value: 3, count: 1 },
    { value: 4, count: 1 },
    { value: 5, count: 2 },
  ],
  average: 3.8,
};

/** As the host receives it: a flagged answer and a hidden word beside the public ones. */
const open: SummaryQuestion = {
  id: 6,
  text: '¿Qué mejorarías?',
  type: 'text',
  ordinal: 2,
  totalAnswers: 2,
  respondents: 3,
  hidden: false,
  options: [],
  words: [
    { text: 'ejemplos', count: 2 },
    { text: 'tarea', count: 1, hidden: true },
    { text: 'tiempo', count: 1 },
  ],
  answers: [
    { id: 3, text: 'Una palabrota', createdAt: '2024-01-01T10:03:00.000Z', state: 'flagged' },
    {
      id: 2,
      text: 'Más tiempo y ejemplos',
      createdAt: '2024-01-01T10:02:00.000Z',
      state: 'visible',
    },
    { id: 1, text: 'Ejemplos', createdAt: '2024-01-01T10:01:00.000Z', state: 'visible' },
  ],
  pendingCount: 1,
};

const summary: Summary = { ...makeSummary(), totalVotes: 5, questions: [scale, open] };

function renderResults() {
  mockFetch((url) =>
    isEventsUrl(url) ? json({ message: 'down', code: 'UNAVAILABLE' }, 503) : json(summary),
  );
  return renderRoute(<ResultsScreen slug="abc" />, { path: '/r/:slug', url: '/r/abc' });
}

describe('ResultsScreen: scale and open text', () => {
  it('shows a scale as its average in Spanish format, the answers and the distribution 1..max', async () => {
    renderResults();
    const section = await screen.findByRole('region', { name: /¿Cuánto te gustó\?/ });
    expect(within(section).getByTestId('scale-average')).toHaveTextContent('Media3,8de 5');
    expect(within(section).getByTestId('scale-answers')).toHaveTextContent('5 respuestas');
    const values = within(section).getAllByTestId('scale-value');
    expect(values.map((v) => v.textContent)).toEqual([
      '1 (Nada): 00%',
      '2: 120%',
      '3: 120%',
      '4: 120%',
      '5 (Mucho): 240%',
    ]);
  });

  it('draws the cloud of the public words only, listed for screen readers', async () => {
    renderResults();
    const section = await screen.findByRole('region', { name: /¿Qué mejorarías\?/ });
    const list = within(section).getByRole('list', { name: 'Palabras más frecuentes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ejemplos: 2 respuestas', 'tiempo: 1 respuesta']);
    expect(section.querySelector('text[data-word="tarea"]')).toBeNull();
    expect(within(section).getByTestId('text-answers-count')).toHaveTextContent('2 respuestas');
  });

  it('toggles to the public answers as a list, newest first', async () => {
    const user = userEvent.setup();
    renderResults();
    const section = await screen.findByRole('region', { name: /¿Qué mejorarías\?/ });
    const listButton = within(section).getByRole('button', { name: 'Lista' });
    expect(listButton).toHaveAttribute('aria-pressed', 'false');
    await user.click(listButton);
    expect(listButton).toHaveAttribute('aria-pressed', 'true');
    const answers = await within(section).findByTestId('text-answer-list');
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Más tiempo y ejemplos', 'Ejemplos']);
    expect(within(section).getByTestId('word-cloud').parentElement).not.toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Nube' }));
    expect(within(section).queryByTestId('text-answer-list')).not.toBeInTheDocument();
  });
});
