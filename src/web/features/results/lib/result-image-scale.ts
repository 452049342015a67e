import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { formatAverage } from '../../../lib/number-format.ts';
import { scaleResult } from '../../../lib/scale.ts';
import { clamp, colors, font, roundRect, wrap } from './result-image-draw.ts';

const t = es.results;
/** The average's block on the left is at least this wide (then as wide as '10,0 de 10'), so the
 *  columns do not move with the number; they take the rest. */
const MIN_AVERAGE_WIDTH = 420;

/**
 * A rating scale as the results page shows it: the average big ('3,8 de 5') on the left, the
 * distribution as columns from 1 to max on the right (the scale's order, never re-sorted), each
 * with its count above and its value under, the ends' names below.
 */
export function drawScale(
  ctx: CanvasRenderingContext2D,
  question: SummaryQuestion,
  left: number,
  top: number,
  bottom: number,
  width: number,
) {
  const result = scaleResult(question);

  // The average, vertically in the middle of the space (the footer says how many answered).
  const middle = (top + bottom) / 2;
  ctx.textAlign = 'left';
  ctx.font = font(40);
  ctx.fillStyle = colors.muted;
  ctx.fillText(t.average, left, middle - 90);
  const average = result.average === null ? '–' : formatAverage(result.average);
  ctx.font = font(180, 800);
  ctx.fillStyle = colors.accent;
  ctx.fillText(average, left, middle + 90);
  const averageWidth = ctx.measureText(average).width;
  ctx.font = font(56, 600);
  ctx.fillStyle = colors.muted;
  ctx.fillText(t.outOf(result.max), left + averageWidth + 20, middle + 90);
  const blockWidth = averageWidth + 20 + ctx.measureText(t.outOf(result.max)).width;

  // The columns: counts above the bars, a baseline, the values under it, the ends' names last.
  const x0 = left + Math.max(blockWidth, MIN_AVERAGE_WIDTH) + 96;
  const chartWidth = left + width - x0;
  const hasLabels = Boolean(result.minLabel || result.maxLabel);
  const labelsY = bottom - 8;
  const valuesY = hasLabels ? labelsY - 56 : labelsY;
  const baseline = valuesY - 52;
  const countSize = result.max > 5 ? 34 : 40;
  const barTop = top + countSize + 24;
  const gap = result.max > 5 ? 20 : 36;
  const column = (chartWidth - gap * (result.max - 1)) / result.max;

  ctx.textAlign = 'center';
  result.columns.forEach((c, i) => {
    const x = x0 + i * (column + gap);
    const height = (baseline - barTop) * c.height;
    if (c.count > 0) {
      ctx.fillStyle = colors.bar;
      roundRect(ctx, x, baseline - Math.max(height, 8), column, Math.max(height, 8), 12);
    }
    ctx.font = font(countSize, 600);
    ctx.fillStyle = colors.foreground;
    ctx.fillText(String(c.count), x + column / 2, baseline - Math.max(height, 8) - 14);
    ctx.font = font(44, 700);
    ctx.fillText(String(c.value), x + column / 2, valuesY);
  });
  ctx.fillStyle = colors.border;
  ctx.fillRect(x0, baseline, chartWidth, 3);

  if (hasLabels) {
    ctx.font = font(34);
    ctx.fillStyle = colors.muted;
    const half = chartWidth / 2 - 24;
    const [minLabel = ''] = clamp(ctx, wrap(ctx, result.minLabel ?? '', half), 1, half);
    const [maxLabel = ''] = clamp(ctx, wrap(ctx, result.maxLabel ?? '', half), 1, half);
    ctx.textAlign = 'left';
    ctx.fillText(minLabel, x0, labelsY);
    ctx.textAlign = 'right';
    ctx.fillText(maxLabel, x0 + chartWidth, labelsY);
  }
  ctx.textAlign = 'left';
}
