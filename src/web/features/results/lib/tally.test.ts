import { describe, expect, it } from 'vitest';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { percentBase, percentOf, rankOptions } from './tally.ts';

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

describe('rankOptions', () => {
  it('sorts by count descending and keeps host order for ties', () => {
    const ranked = rankOptions(question([1, 3, 0, 3]));
    expect(ranked.map((o) => o.text)).toEqual(['O2', 'O4', 'O1', 'O3']);
    expect(ranked.map((o) => o.percent)).toEqual([43, 43, 14, 0]);
  });

  it('highlights the top option only when its count is above 0', () => {
    expect(rankOptions(question([2, 5, 1])).map((o) => o.leading)).toEqual([true, false, false]);
    expect(rankOptions(question([0, 0])).some((o) => o.leading)).toBe(false);
  });

  it('highlights every option tied for the top', () => {
    expect(rankOptions(question([2, 2, 1])).map((o) => o.leading)).toEqual([true, true, false]);
  });

  it('single and yes/no: shares of the answers', () => {
    expect(rankOptions(question([3, 1], 8)).map((o) => o.percent)).toEqual([38, 13]);
    const yesno = question([2, 1], 3, { type: 'yesno' });
    expect(rankOptions(yesno).map((o) => o.percent)).toEqual([67, 33]);
  });

  it('multiple: shares of the people who answered, which may add up past 100', () => {
    // Issue 9: all 3 voters chose 'Luz' (and some more): Luz is 100 %, not 43 %.
    const multi = question([3, 2, 2], 7, { type: 'multiple', respondents: 3 });
    expect(rankOptions(multi).map((o) => o.percent)).toEqual([100, 67, 67]);
    expect(percentBase(multi)).toBe(3);
    const none = question([0, 0], 0, { type: 'multiple', respondents: 0 });
    expect(rankOptions(none).map((o) => o.percent)).toEqual([0, 0]);
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
    expect(rankOptions(hidden).map((o) => [o.count, o.percent, o.leading])).toEqual([
      [0, 0, false],
      [0, 0, false],
    ]);
  });
});
