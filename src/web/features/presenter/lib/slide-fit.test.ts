import { describe, expect, it } from 'vitest';
import { FIT_STEPS, fitStyle, pageCount, pageRange } from './slide-fit.ts';

describe('slide fit', () => {
  it('steps from the design size down to the floor, in --u (19.2 px at 1920×1080)', () => {
    const px = (u: number) => u * 19.2;
    expect(px(FIT_STEPS[0]!.question)).toBeGreaterThanOrEqual(48);
    expect(px(FIT_STEPS[0]!.option)).toBeGreaterThanOrEqual(32);
    const floor = FIT_STEPS.at(-1)!;
    expect(px(floor.question)).toBeCloseTo(32);
    expect(px(floor.option)).toBeCloseTo(24);
    // At 1280×720 (--u = 12.8 px) the floor keeps its share of the image.
    expect(floor.option * 12.8).toBeCloseTo(16);
    for (let i = 1; i < FIT_STEPS.length; i++) {
      expect(FIT_STEPS[i]!.question).toBeLessThan(FIT_STEPS[i - 1]!.question);
      expect(FIT_STEPS[i]!.option).toBeLessThan(FIT_STEPS[i - 1]!.option);
    }
  });

  it('pages cover every option once, in order', () => {
    const fit = { step: 7, columns: 3, perPage: 7 };
    expect(pageCount(fit, 20)).toBe(3);
    expect([0, 1, 2].map((p) => pageRange(fit, 20, p))).toEqual([
      [0, 7],
      [7, 14],
      [14, 20],
    ]);
    const all = { step: 0, columns: 1, perPage: null };
    expect(pageCount(all, 20)).toBe(1);
    expect(pageRange(all, 20, 0)).toEqual([0, 20]);
  });

  it('writes the step and the columns as CSS variables', () => {
    expect(fitStyle({ step: 0, columns: 2, perPage: null })).toMatchObject({
      '--fq': FIT_STEPS[0]!.question,
      '--cols': 2,
    });
  });
});
