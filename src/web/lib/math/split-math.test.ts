import { describe, expect, it } from 'vitest';
import { renderTex } from './render-tex.ts';
import { hasMath, splitMath } from './split-math.ts';

describe('splitMath', () => {
  it('finds inline and displayed formulas between plain text', () => {
    expect(splitMath('Si $x^2 = 4$, ¿x? $$\\frac{a}{b}$$ fin')).toEqual([
      'Si ',
      { tex: 'x^2 = 4', display: false },
      ', ¿x? ',
      { tex: '\\frac{a}{b}', display: true },
      ' fin',
    ]);
  });

  it('leaves prices as text', () => {
    for (const price of ['$5 y $10', 'de $5 a $10', '$5-$10', 'US$5 y US$10', 'entre 5$ y 10$']) {
      expect(splitMath(price)).toEqual([price]);
      expect(hasMath(price)).toBe(false);
    }
    expect(splitMath('Cuesta $5, y $x$ es la incógnita')).toEqual([
      'Cuesta $5, y ',
      { tex: 'x', display: false },
      ' es la incógnita',
    ]);
  });

  it('needs no space inside the marks of an inline formula', () => {
    expect(splitMath('$ x$')).toEqual(['$ x$']);
    expect(splitMath('$x $')).toEqual(['$x $']);
    expect(splitMath('$$ x + y $$')).toEqual([{ tex: ' x + y ', display: true }]);
  });

  it('reads \\$ as a dollar outside a formula and keeps it inside one', () => {
    expect(splitMath('\\$x\\$ cuesta')).toEqual(['$x$ cuesta']);
    expect(splitMath('$\\$5 + x$')).toEqual([{ tex: '\\$5 + x', display: false }]);
  });

  it('closes a formula at its first closing mark (nested dollars)', () => {
    expect(splitMath('$$a$b$$')).toEqual([{ tex: 'a$b', display: true }]);
    expect(splitMath('$a$$b$')).toEqual([
      { tex: 'a', display: false },
      { tex: 'b', display: false },
    ]);
    expect(splitMath('$$\\text{\\$1}$$ y $y$')).toEqual([
      { tex: '\\text{\\$1}', display: true },
      ' y ',
      { tex: 'y', display: false },
    ]);
  });

  it('keeps unclosed and empty marks as text', () => {
    expect(splitMath('$x + 1')).toEqual(['$x + 1']);
    expect(splitMath('$$x + 1')).toEqual(['$$x + 1']);
    expect(splitMath('$$$$')).toEqual(['$$$$']);
    expect(splitMath('$')).toEqual(['$']);
    expect(splitMath('')).toEqual([]);
  });
});

describe('renderTex', () => {
  it('typesets MathML that keeps the source as its annotation', () => {
    const html = renderTex('\\frac{1}{2}', false) ?? '';
    expect(html).toContain('<math');
    expect(html).toContain('<mfrac>');
    expect(html).toContain('<annotation encoding="application/x-tex">\\frac{1}{2}</annotation>');
    expect(renderTex('x', true)).toContain('display="block"');
  });

  it('refuses a malformed formula, so that its source is shown', () => {
    expect(renderTex('\\frac{1}{', false)).toBeNull();
    expect(renderTex('x^', false)).toBeNull();
    expect(renderTex('\\unknowncommand', false)).toBeNull();
  });

  it('never writes links or raw HTML from typed text', () => {
    const html = renderTex('\\href{javascript:alert(1)}{x}<img src=x onerror=alert(1)>', false);
    expect(html ?? '').not.toMatch(/<a |<img|href=/);
  });
});
