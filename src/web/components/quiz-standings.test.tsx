import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '../../contract/quiz.ts';
import { QuizStandings } from './quiz-standings.tsx';

const entry = (rank: number, nickname: string, score: number): LeaderboardEntry => ({
  rank,
  nickname,
  score,
  correct: 1,
  previousRank: null,
});

describe('QuizStandings', () => {
  it('lists rank, nickname and points, the top 3 marked by medal name and icon', () => {
    render(
      <QuizStandings
        title="Clasificación · Ronda 1"
        entries={[
          entry(1, 'Ada', 1900),
          entry(2, 'Blas', 1500),
          entry(2, 'Ceci', 1500),
          entry(4, 'Dora', 1),
        ]}
      />,
    );
    const list = screen.getByRole('region', { name: 'Clasificación · Ronda 1' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1.ºOroAda1900 puntos',
      '2.ºPlataBlas1500 puntos',
      '2.ºPlataCeci1500 puntos',
      '4.ºDora1 punto',
    ]);
    // The podium is told by text and an icon, not by colour alone; fourth place has neither.
    expect(
      within(rows[0]!).getByTestId('quiz-standings-medal').querySelector('svg'),
    ).not.toBeNull();
    expect(within(rows[3]!).queryByTestId('quiz-standings-medal')).toBeNull();
  });

  it('says so when nobody played the round', () => {
    render(<QuizStandings title="Podio · Ronda 2" entries={[]} />);
    expect(screen.getByText('Todavía no hay jugadores')).toBeTruthy();
  });
});
