import { describe, expect, it } from 'vitest';
import { isUnusual } from './integrity.ts';

const source = (ballots: number, freshParticipants = 0, name = 'abc', bulkIssued = 0) => ({
  source: name,
  ballots,
  freshParticipants,
  bulkIssued,
  seated: 0,
  firstAt: new Date(0),
  lastAt: new Date(40_000),
});

describe('isUnusual', () => {
  it('does not flag a whole room behind one address by its share, with others or alone', () => {
    expect(isUnusual(source(300, 30))).toBe(false);
    expect(isUnusual(source(312, 10))).toBe(false);
  });

  it('points at a source whose ballots nearly all came with brand-new ids', () => {
    expect(isUnusual(source(300, 290))).toBe(true);
  });

  it('points at a source whose ballots mostly came from ids issued in bulk, however old', () => {
    expect(isUnusual(source(300, 0, 'bank', 300))).toBe(true);
    expect(isUnusual(source(300, 0, 'room', 40))).toBe(false);
  });

  it('never flags a handful of ballots, nor the ballots from before sources were kept', () => {
    expect(isUnusual(source(19, 19))).toBe(false);
    expect(isUnusual(source(500, 500, ''))).toBe(false);
  });
});
