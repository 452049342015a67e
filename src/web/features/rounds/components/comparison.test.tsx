import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoundComparison } from '../../../../contract/rounds.ts';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { ComparisonView } from './comparison.tsx';

const base = { respondents: 2, hidden: false, options: [] };
const cloud = (words: string[]): SummaryQuestion => ({
  ...base,
  id: 2,
  text: 'Una palabra',
  type: 'text',
  ordinal: 2,
  totalAnswers: words.length,
  words: words.map((text) => ({ text, count: 1 })),
});

const comparison: RoundComparison = {
  slug: 'abc',
  title: 'Física',
  rounds: [1, 3],
  totalVotes: [4, 5],
  questions: [
    {
      id: 1,
      text: '¿Qué pesa más?',
      type: 'single',
      ordinal: 1,
      before: null,
      after: null,
      options: [
        { id: 10, text: 'El hierro', before: 75, after: 20, points: -55 },
        { id: 11, text: 'Pesan igual', before: 25, after: 80, points: 55 },
      ],
      correctPercent: { before: 25, after: 80, change: 55 },
    },
    {
      id: 2,
      text: 'Una palabra',
      type: 'text',
      ordinal: 2,
      before: cloud(['masa']),
      after: cloud(['gravedad']),
    },
    {
      id: 3,
      text: '¿Cuánto lo entiendes?',
      type: 'scale',
      ordinal: 3,
      before: null,
      after: null,
      average: { before: 2.5, after: 4, change: 1.5 },
    },
  ],
};

/** Issue 27: what 'Comparar' draws for each kind of question, named for screen readers. */
describe('ComparisonView', () => {
  it('pairs each option across the two rounds with the change in points', () => {
    render(<ComparisonView comparison={comparison} variant="page" />);
    expect(
      screen.getByRole('listitem', {
        name: 'Pesan igual: ronda 1, 25 %; ronda 3, 80 %; cambio +55 pts',
      }),
    ).toBeTruthy();
    expect(screen.getAllByTestId('option-change').map((e) => e.textContent)).toEqual([
      '−55 pts',
      '+55 pts',
    ]);
    // A quiz question's % correct in both rounds, and the change.
    const correct = screen.getAllByTestId('value-pair')[0]!;
    expect(within(correct).getByText('Aciertos · Ronda 1').nextSibling?.textContent).toBe('25 %');
    expect(within(correct).getByText('+55 pts')).toBeTruthy();
  });

  it('shows two clouds named by their rounds, and two averages with the change', () => {
    render(<ComparisonView comparison={comparison} variant="page" />);
    expect(screen.getByRole('list', { name: 'Palabras más frecuentes, ronda 1' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Palabras más frecuentes, ronda 3' })).toBeTruthy();
    const averages = screen.getAllByTestId('value-pair')[1]!;
    expect(within(averages).getByText('2,5')).toBeTruthy();
    expect(within(averages).getByText('4')).toBeTruthy();
    expect(within(averages).getByText('+1,5')).toBeTruthy();
  });
});
