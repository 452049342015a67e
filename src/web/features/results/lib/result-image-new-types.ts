import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { esNumber } from '../../../i18n/es-number.ts';
import { esRanking } from '../../../i18n/es-ranking.ts';
import { formatNumber } from '../../../question-types/number/format.ts';
import { numberResult } from '../../../question-types/number/stats.ts';
import { rankOptions } from '../../../question-types/ranking/rank.ts';
import { clamp, colors, font, roundRect, wrap } from './result-image-draw.ts';

/** 'Ordenar' on the image: the options by mean place with a bar of their points. */
export function drawRanking(
  ctx: CanvasRenderingContext2D,
  question: SummaryQuestion,
  left: number,
  top: number,
  bottom: number,
  width: number,
) {
  const ranked = rankOptions(question);
  const row = Math.min(120, (bottom - top) / Math.max(ranked.length, 1));
  const size = Math.max(20, Math.min(40, row * 0.34));
  const barHeight = Math.max(8, Math.min(28, row * 0.24));
  ranked.slice(0, Math.floor((bottom - top) / row)).forEach((option, i) => {
    const y = top + i * row;
    const first = option.place === 1 && option.points > 0;
    const figures = esRanking.figures(
      option.meanRank === null ? '–' : formatNumber(option.meanRank, 1),
      option.points,
    );
    ctx.font = font(size, 600);
    const figuresWidth = ctx.measureText(figures).width;
    ctx.textAlign = 'right';
    ctx.fillStyle = colors.muted;
    ctx.fillText(figures, left + width, y + size);
    ctx.textAlign = 'left';
    ctx.fillStyle = first ? colors.accent : colors.foreground;
    ctx.font = font(size, first ? 700 : 400);
    const label = `${esRanking.place(option.place)} ${option.text}`;
    const [line = ''] = clamp(ctx, wrap(ctx, label, width - figuresWidth - 48), 1, width);
    ctx.fillText(line, left, y + size);
    const barY = y + size + 12;
    ctx.fillStyle = colors.barTrack;
    roundRect(ctx, left, barY, width, barHeight, barHeight / 2);
    if (option.percent > 0) {
      ctx.fillStyle = first ? colors.accent : colors.bar;
      const w = Math.max(barHeight, (width * option.percent) / 100);
      roundRect(ctx, left, barY, w, barHeight, barHeight / 2);
    }
  });
}

/** 'Número' on the image: the median, then the histogram with the median's line. */
export function drawNumber(
  ctx: CanvasRenderingContext2D,
  question: SummaryQuestion,
  left: number,
  top: number,
  bottom: number,
  width: number,
) {
  const r = numberResult(question);
  const f = (v: number | null) => (v === null ? '–' : formatNumber(v, r.decimals));
  ctx.textAlign = 'left';
  ctx.font = font(36);
  ctx.fillStyle = colors.muted;
  ctx.fillText(esNumber.median, left, top + 30);
  ctx.font = font(72, 800);
  ctx.fillStyle = colors.foreground;
  ctx.fillText(`${f(r.median)}${r.unit ? ` ${r.unit}` : ''}`, left, top + 110);
  const chartTop = top + 160;
  const chartBottom = bottom - 50;
  const gap = 4;
  const barWidth = r.bins.length > 0 ? (width - gap * (r.bins.length - 1)) / r.bins.length : 0;
  if (r.band) {
    ctx.fillStyle = 'rgba(251, 191, 36, 0.2)';
    const x0 = left + (width * r.at(r.band.from)) / 100;
    const x1 = left + (width * r.at(r.band.to)) / 100;
    ctx.fillRect(x0, chartTop, Math.max(4, x1 - x0), chartBottom - chartTop);
  }
  r.bins.forEach((bin, i) => {
    const h = ((chartBottom - chartTop) * bin.count) / r.tallest;
    ctx.fillStyle = colors.bar;
    if (h > 0) ctx.fillRect(left + i * (barWidth + gap), chartBottom - h, barWidth, h);
  });
  ctx.fillStyle = colors.muted;
  ctx.fillRect(left, chartBottom, width, 3);
  if (r.median !== null) {
    ctx.fillStyle = colors.accent;
    ctx.fillRect(left + (width * r.at(r.median)) / 100 - 2, chartTop, 4, chartBottom - chartTop);
  }
  ctx.font = font(30);
  ctx.fillStyle = colors.muted;
  ctx.fillText(f(r.bins[0]?.from ?? null), left, chartBottom + 40);
  ctx.textAlign = 'right';
  ctx.fillText(f(r.bins.at(-1)?.to ?? null), left + width, chartBottom + 40);
  ctx.textAlign = 'left';
}
