import { describe, expect, it } from 'vitest';
import { formatAverage } from './number-format.ts';

describe('formatAverage', () => {
  it('shows one decimal with a comma, as Spanish writes it', () => {
    expect(formatAverage(3.8)).toBe('3,8');
    expect(formatAverage(3.75)).toBe('3,8');
    expect(formatAverage(4)).toBe('4,0');
    expect(formatAverage(1.04)).toBe('1,0');
    expect(formatAverage(9.96)).toBe('10,0');
    expect(formatAverage(7.333333)).toBe('7,3');
  });
});
