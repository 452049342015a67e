import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { clamp, colors, font, roundRect, wrap } from './result-image-draw.ts';

const t = es.results;
/** A slide reads ten words at a glance; the rest of the cloud is on the results page. */
const WORDS_MAX = 10;

/**
 * An open-text question as its most frequent words, ranked, with how many answers hold each and
 * a bar against the first: a cloud's layout depends on the screen, a list reads the same on any
 * slide. Words the host hid stay out, as on the public cloud.
 */
export function drawTopWords(
  ctx: CanvasRenderingContext2D,
  question: SummaryQuestion,
  left: number,
  top: number,
  bottom: number,
  width: number,
) {
  const words = (question.words ?? []).filter((w) => !w.hidden).slice(0, WORDS_MAX);
  ctx.textAlign = 'left';
  ctx.font = font(34);
  ctx.fillStyle = colors.muted;
  ctx.fillText(t.topWords, left, top + 24);
  if (words.length === 0) {
    ctx.font = font(44, 600);
    ctx.fillStyle = colors.foreground;
    ctx.fillText(t.noTextAnswers, left, top + 120);
    return;
  }
  const listTop = top + 60;
  // Past five words, two columns (6–10 on the right), so rows keep a projector-sized type.
  const columns = words.length > 5 ? 2 : 1;
  const perColumn = Math.ceil(words.length / columns);
  const gutter = 96;
  const columnWidth = (width - gutter * (columns - 1)) / columns;
  const row = Math.min(120, (bottom - listTop) / perColumn);
  const size = Math.max(26, Math.min(44, row * 0.36));
  const barHeight = Math.max(8, Math.min(24, row * 0.2));
  const top1 = words[0]?.count ?? 1;

  words.forEach((word, i) => {
    const x = left + Math.floor(i / perColumn) * (columnWidth + gutter);
    const y = listTop + (i % perColumn) * row;
    // The accent marks a word ahead of all others, never one of a tie.
    const first = i === 0 && word.count > (words[1]?.count ?? 0);
    ctx.font = font(size, 700);
    ctx.fillStyle = colors.muted;
    const rank = `${i + 1}.`;
    ctx.fillText(rank, x, y + size);
    const rankWidth = ctx.measureText('10.').width + 16;
    const figures = t.answers(word.count);
    ctx.font = font(size, 600);
    const figuresWidth = ctx.measureText(figures).width;
    ctx.textAlign = 'right';
    ctx.fillStyle = first ? colors.accent : colors.foreground;
    ctx.fillText(figures, x + columnWidth, y + size);
    ctx.textAlign = 'left';
    ctx.font = font(size, first ? 700 : 600);
    const room = columnWidth - rankWidth - figuresWidth - 32;
    const [text = ''] = clamp(ctx, wrap(ctx, word.text, room), 1, room);
    ctx.fillText(text, x + rankWidth, y + size);
    const barY = y + size + 12;
    const barWidth = columnWidth - rankWidth;
    ctx.fillStyle = colors.barTrack;
    roundRect(ctx, x + rankWidth, barY, barWidth, barHeight, barHeight / 2);
    ctx.fillStyle = first ? colors.accent : colors.bar;
    roundRect(
      ctx,
      x + rankWidth,
      barY,
      Math.max((barWidth * word.count) / top1, barHeight),
      barHeight,
      barHeight / 2,
    );
  });
}
