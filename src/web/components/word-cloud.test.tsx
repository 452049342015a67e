import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WordCloud } from './word-cloud.tsx';

const answers = (n: number) => `${n} ${n === 1 ? 'respuesta' : 'respuestas'}`;

function cloud(words: { text: string; count: number }[]) {
  return <WordCloud words={words} variant="page" listLabel="Palabras" countLabel={answers} />;
}

/** Where each word of the wide shape is drawn (its SVG transform). */
function positions(): Map<string, string> {
  const wide = screen
    .getAllByTestId('word-cloud-svg')
    .find((svg) => svg.getAttribute('data-shape') === 'wide');
  const texts = wide?.querySelectorAll('text') ?? [];
  return new Map(
    [...texts].map((t) => [t.getAttribute('data-word') ?? '', (t as SVGElement).style.transform]),
  );
}

describe('WordCloud', () => {
  const start = [
    { text: 'ejemplos', count: 5 },
    { text: 'práctica', count: 3 },
    { text: 'tiempo', count: 2 },
    { text: 'dudas', count: 1 },
  ];

  it('keeps every word where it was when an answer brings a new word', () => {
    const { rerender } = render(cloud(start));
    const before = positions();
    expect(before.size).toBe(4);
    // A new word more frequent than most: the server lists it second.
    const next = [start[0], { text: 'vídeos', count: 4 }, ...start.slice(1)].filter(
      (w) => w !== undefined,
    );
    rerender(cloud(next));
    const after = positions();
    expect(after.size).toBe(5);
    for (const [word, where] of before) expect(after.get(word), word).toBe(where);
  });

  it('lists the most frequent words with their counts for screen readers, the drawing hidden', () => {
    render(cloud(start));
    const list = screen.getByRole('list', { name: 'Palabras' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'ejemplos: 5 respuestas',
      'práctica: 3 respuestas',
      'tiempo: 2 respuestas',
      'dudas: 1 respuesta',
    ]);
    for (const svg of screen.getAllByTestId('word-cloud-svg')) {
      expect(svg).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('sizes words by frequency', () => {
    render(cloud(start));
    const sizes = [...document.querySelectorAll('[data-shape="wide"] text')].map((t) =>
      Number.parseFloat((t as SVGElement).style.fontSize),
    );
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBeGreaterThan(sizes.at(-1) ?? 0);
  });
});
