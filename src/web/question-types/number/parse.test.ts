import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';
import { parseSpanishNumber } from './parse.ts';

const percent = { min: 0, max: 100, decimals: 1 };
const year = { min: 0, max: 3000, decimals: 0 };

describe('parseSpanishNumber', () => {
  it('reads the Spanish comma and the dot as the decimal mark', () => {
    expect(parseSpanishNumber('3,5', percent)).toEqual({ value: 3.5 });
    expect(parseSpanishNumber('3.5', percent)).toEqual({ value: 3.5 });
    expect(parseSpanishNumber(' 7 ', percent)).toEqual({ value: 7 });
  });

  it('reads thousands grouped by a dot or a space where that is unambiguous', () => {
    expect(parseSpanishNumber('1.492', year)).toEqual({ value: 1492 });
    expect(parseSpanishNumber('1 492', year)).toEqual({ value: 1492 });
    expect(parseSpanishNumber('1.000.000', { min: 0, max: 2e6, decimals: 2 })).toEqual({
      value: 1_000_000,
    });
    expect(parseSpanishNumber('1.250,5', { min: 0, max: 2000, decimals: 1 })).toEqual({
      value: 1250.5,
    });
    // Out of range as thousands: decimals.
    expect(parseSpanishNumber('2.500', { min: 0, max: 10, decimals: 3 })).toEqual({ value: 2.5 });
  });

  it('asks when a dot could be either', () => {
    const both = parseSpanishNumber('1.000', { min: 0, max: 2000, decimals: 3 });
    expect(both).toEqual({
      problem:
        '¿1.000 es 1.000 o 1? Escribe la coma para los decimales (3,5) y sin punto los miles',
    });
  });

  it('says in Spanish what is wrong', () => {
    expect(parseSpanishNumber('150', { min: 0, max: 100, decimals: 0 })).toEqual({
      problem: 'Escribe un número entre 0 y 100',
    });
    expect(parseSpanishNumber('3,5', year)).toEqual({
      problem: 'Escribe un número entero, sin decimales',
    });
    expect(parseSpanishNumber('3,25', percent)).toEqual({
      problem: 'Escribe un número con un decimal como máximo',
    });
    expect(parseSpanishNumber('tres', percent)).toEqual({
      problem: 'Escribe solo cifras, con coma para los decimales (3,5)',
    });
    expect(parseSpanishNumber('-5', { min: -10, max: 10, decimals: 0 })).toEqual({ value: -5 });
  });
});

describe('formatNumber', () => {
  it('writes Spanish numbers, grouping from 1.000 on', () => {
    expect(formatNumber(3.5, 1)).toBe('3,5');
    expect(formatNumber(1250, 0)).toBe('1.250');
    expect(formatNumber(1_000_000.25, 2)).toBe('1.000.000,25');
  });
});
