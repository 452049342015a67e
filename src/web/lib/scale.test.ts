import { describe, expect, it } from 'vitest';
import type { SummaryQuestion } from '../../contract/summary.ts';
import { scaleResult } from './scale.ts';

const question = (counts: number[]) =>
  ({
    id: 1,
    type: 'scale',
    scale: { max: counts.length, minLabel: 'Nada', maxLabel: 'Mucho' },
    values: counts.map((count, i) => ({ value: i + 1, count })),
    average: null,
  }) as unknown as SummaryQuestion;

describe('scaleResult', () => {
  it('sizes bars against the most chosen value, a sliver for one answer, none for nobody', () => {
    const { columns, answers } = scaleResult(question([0, 1, 100, 50, 0]));
    expect(answers).toBe(151);
    expect(columns.map((c) => c.height)).toEqual([0, 0.02, 1, 0.5, 0]);
    expect(columns.map((c) => c.percent)).toEqual([0, 1, 66, 33, 0]);
    expect(columns.map((c) => c.label)).toEqual(['Nada', null, null, null, 'Mucho']);
  });

  it('draws no bar when nobody answered', () => {
    expect(scaleResult(question([0, 0, 0])).columns.every((c) => c.height === 0)).toBe(true);
  });
});
