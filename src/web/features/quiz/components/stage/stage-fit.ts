import type { CSSProperties } from 'react';
import { overflows, stepsBetween, useFittedLayout } from '../../../../lib/use-fitted-layout.ts';

/**
 * Type sizes of the quiz's projected slides, in --u (1/100 of the presenter's 16:9 box: 19.2 px
 * at 1920×1080). From the design's size down to its floor (question 32 px, options 24 px at
 * 1080p), as the presenter's own slides shrink.
 */
export const STAGE_STEPS = stepsBetween(
  { question: 2.6, option: 1.9 },
  { question: 32 / 19.2, option: 24 / 19.2 },
  8,
);

type StageLayout = { step: number; columns: number };

/**
 * The layouts tried, largest first: each type step in one column before two (the results' bars
 * read best whole-width; the answer tiles stand in two columns from the start, as on phones),
 * then three columns at the floor.
 */
function stageLayouts(tiles: boolean, options: number): StageLayout[] {
  const most = Math.max(1, Math.min(3, options));
  const columns = (tiles ? [2] : [1, 2]).filter((c) => c <= most);
  if (columns.length === 0) columns.push(1);
  const layouts = STAGE_STEPS.flatMap((_, step) => columns.map((c) => ({ step, columns: c })));
  if (most === 3) layouts.push({ step: STAGE_STEPS.length - 1, columns: 3 });
  return layouts;
}

function layoutStyle(layout: StageLayout): Record<string, string> {
  const sizes = STAGE_STEPS[layout.step] ?? STAGE_STEPS[0]!;
  return {
    '--fq': String(sizes.question),
    '--fo': String(sizes.option),
    '--cols': String(layout.columns),
  };
}

/**
 * The quiz stage's fit: the largest type and the fewest columns with which the question, its
 * countdown and every answer stay on screen, above the join strip (eight answers of 120
 * characters under a 240-character one included). `fitKey` changes when what is drawn changes
 * shape (texts, phase); the countdown's ticks and arriving answers do not.
 */
export function useStageFit(fitKey: string, tiles: boolean, options: number) {
  const layouts = stageLayouts(tiles, options);
  const fit = useFittedLayout<HTMLElement>(
    layouts.length,
    (box, index) => {
      for (const [name, value] of Object.entries(layoutStyle(layouts[index]!))) {
        box.style.setProperty(name, value);
      }
      return !overflows(box);
    },
    `${fitKey}|${tiles}|${options}`,
  );
  const layout = layouts[Math.min(fit.layout, layouts.length - 1)] ?? { step: 0, columns: 1 };
  return {
    ref: fit.ref,
    style: layoutStyle(layout) as CSSProperties,
    'data-fit': fit.measured ? 'done' : 'measuring',
    'data-fit-step': layout.step,
  };
}
