import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText } from './math-text.tsx';

describe('MathText', () => {
  it('loads KaTeX for a formula and shows MathML; prices and malformed formulas stay text', async () => {
    const { container } = render(
      <p data-testid="text">
        <MathText text="Si $x^2 = 4$ y cuesta $5 y $10: $\frac{1}{$" />
      </p>,
    );
    // Before KaTeX arrives the formula shows as its source.
    expect(screen.getByTestId('text').textContent).toContain('$x^2 = 4$');
    await screen.findByText((_, node) => node?.tagName.toLowerCase() === 'msup');
    expect(container.querySelectorAll('math')).toHaveLength(1);
    expect(container.querySelector('annotation')?.textContent).toBe('x^2 = 4');
    expect(screen.getByTestId('text').textContent).toContain(' y cuesta $5 y $10: ');
    expect(container.querySelector('.math-source')?.textContent).toBe('$\\frac{1}{$');
  });

  it('renders text without a formula as it is, a \\$ as a dollar', () => {
    render(
      <p data-testid="plain">
        <MathText text="Cuesta \$5" />
      </p>,
    );
    expect(screen.getByTestId('plain').innerHTML).toBe('Cuesta $5');
  });
});
