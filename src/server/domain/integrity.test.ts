import { describe, expect, it } from 'vitest';
import { isUnusual } from './integrity.ts';

const source = (ballots: number, freshParticipants = 0, name = 'abc') => ({
  source: name,
  ballots,
  freshParticipants,
  firstAt: new Date(0),
  lastAt: new Date(40_000),
});

describe('isUnusual', () => {
  it('points at a source holding half the ballots while others voted too', () => {
    expect(isUnusual(source(312), 400, 5)).toBe(true);
    expect(isUnusual(source(100), 400, 5)).toBe(false);
  });

  it('does not flag a whole room behind one address by its share alone', () => {
    expect(isUnusual(source(300, 30), 300, 1)).toBe(false);
  });

  it('points at a source whose ballots nearly all came with brand-new ids', () => {
    expect(isUnusual(source(300, 290), 300, 1)).toBe(true);
  });

  it('never flags a handful of ballots, nor the ballots from before sources were kept', () => {
    expect(isUnusual(source(19, 19), 20, 2)).toBe(false);
    expect(isUnusual(source(500, 500, ''), 600, 2)).toBe(false);
  });
});
