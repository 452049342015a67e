import { describe, expect, it } from 'vitest';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { percentBase, percentOf, tallyOptions } from './tally.ts';

function question(
  counts: number[],
  totalAnswers = counts.reduce((a, b) => a + b, 0),
  extra: Partial<SummaryQuestion> = {},
): SummaryQuestion {
  return {
    id: 1,
    text: 'Q',
    type: 'single',
    ordinal: 1,
    totalAnswers,
    respondents: totalAnswers,
    hidden: false,
    ...extra,
    options: counts.map((count, i) => ({ id: 10 + i, text: `O${i + 1}`, ordinal: i + 1, count })),
  };
}

describe('percentOf', () => {
  it('rounds the share of the question total', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentOf(1, 6)).toBe(17);
    expect(percentOf(5, 5)).toBe(100);
  });

  it('is 0 when nobody answered', () => {
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('tallyOptions', () => {
  it("keeps the host's order whatever the counts, as the presenter does", () => {
    const tallied = tallyOptions({
      ...question([1, 3, 0, 3]),
      // Stored out of order: the ordinal decides, not the array.
      options: [
        { id: 13, text: 'O4', ordinal: 4, count: 3 },
        { id: 10, text: 'O1', ordinal: 1, count: 1 },
        { id: 12, text: 'O3', ordinal: 3, count: 0 },
        { id: 11, text: 'O2', ordinal: 2, count: 3 },
      ],
    });
    expect(tallied.map((o) => o.text)).toEqual(['O1', 'O2', 'O3', 'O4']);
    expect(tallied.map((o) => o.percent)).toEqual([14, 43, 0, 43]);
  });

  it('marks the top option only when its count is above 0', () => {
    expect(tallyOptions(question([2, 5, 1])).map((o) => o.leading)).toEqual([false, true, false]);
    expect(tallyOptions(question([2, 5, 1])).some((o) => o.tie)).toBe(false);
    expect(tallyOptions(question([0, 0])).some((o) => o.leading)).toBe(false);
  });

  it('marks every option tied for the top as one tie group', () => {
    const tallied = tallyOptions(question([2, 1, 2]));
    expect(tallied.map((o) => o.leading)).toEqual([true, false, true]);
    expect(tallied.every((o) => o.tie)).toBe(true);
  });

  it('single and yes/no: shares of the answers', () => {
    expect(tallyOptions(question([3, 1], 8)).map((o) => o.percent)).toEqual([38, 13]);
    const yesno = question([2, 1], 3, { type: 'yesno' });
    expect(tallyOptions(yesno).map((o) => o.percent)).toEqual([67, 33]);
  });

  it('multiple: shares of the people who answered, which may add up past 100', () => {
    // Issue 9: all 3 voters chose 'Luz' (and some more): Luz is 100 %, not 43 %.
    const multi = question([3, 2, 2], 7, { type: 'multiple', respondents: 3 });
    expect(tallyOptions(multi).map((o) => o.percent)).toEqual([100, 67, 67]);
    expect(percentBase(multi)).toBe(3);
    const none = question([0, 0], 0, { type: 'multiple', respondents: 0 });
    expect(tallyOptions(none).map((o) => o.percent)).toEqual([0, 0]);
  });

  it('a hidden question without counts ranks as zeros (callers show it hidden)', () => {
    const hidden: SummaryQuestion = {
      ...question([0, 0]),
      totalAnswers: undefined,
      hidden: true,
      respondents: 4,
      options: [
        { id: 1, text: 'A', ordinal: 1 },
        { id: 2, text: 'B', ordinal: 2 },
      ],
    };
    expect(tallyOptions(hidden).map((o) => [o.count, o.percent, o.leading])).toEqual([
      [0, 0, false],
      [0, 0, false],
    ]);
  });
});
