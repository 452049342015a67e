import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { rankOptions } from './tally.ts';

/**
 * One question's results drawn as a 1920×1080 PNG in the projector's look (theme.css's dark
 * set): for a slide or a report. Drawn on a canvas in the browser; nothing leaves the machine.
 */

export const RESULT_IMAGE_WIDTH = 1920;
export const RESULT_IMAGE_HEIGHT = 1080;

/** The projector theme (theme.css, `.dark`), fixed: an image must not depend on the screen. */
const colors = {
  background: '#0b1120',
  card: '#111827',
  border: '#334155',
  foreground: '#f1f5f9',
  muted: '#cbd5e1',
  accent: '#fbbf24',
  bar: '#a5b4fc',
  barTrack: '#1e293b',
};
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
const MARGIN = 96;

export type ResultImage = {
  pollTitle: string;
  /** When the results were last updated. */
  date: Date;
  position: number;
  question: SummaryQuestion;
};

const dateFormat = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' });

function font(size: number, weight = 400): string {
  return `${weight} ${size}px ${FONT}`;
}

/** Lines of `text` no wider than `width`; a word longer than a line is cut anywhere. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (ctx.measureText(rest).width > width) {
      let cut = rest.length - 1;
      while (cut > 1 && ctx.measureText(rest.slice(0, cut)).width > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** At most `max` lines, the last one ending in an ellipsis when text was left out. */
function clamp(ctx: CanvasRenderingContext2D, lines: string[], max: number, width: number) {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = `${kept[max - 1]}…`;
  while (last.length > 1 && ctx.measureText(last).width > width) last = `${last.slice(0, -2)}…`;
  kept[max - 1] = last;
  return kept;
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, Math.max(h, 0), Math.min(r, h / 2, w / 2));
  ctx.fill();
}

/** A five-pointed star: the leading option's second cue besides its colour. */
function star(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
  }
  ctx.closePath();
  ctx.fill();
}

export function drawResultImage(canvas: HTMLCanvasElement, image: ResultImage): void {
  canvas.width = RESULT_IMAGE_WIDTH;
  canvas.height = RESULT_IMAGE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  const width = RESULT_IMAGE_WIDTH - 2 * MARGIN;
  const { question } = image;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, RESULT_IMAGE_WIDTH, RESULT_IMAGE_HEIGHT);
  ctx.textBaseline = 'alphabetic';

  // Header: the poll's title left, the date right, a rule under them.
  ctx.font = font(34);
  ctx.fillStyle = colors.muted;
  const date = dateFormat.format(image.date);
  const dateWidth = ctx.measureText(date).width;
  ctx.textAlign = 'right';
  ctx.fillText(date, RESULT_IMAGE_WIDTH - MARGIN, 120);
  ctx.textAlign = 'left';
  ctx.font = font(34, 600);
  const [title = ''] = clamp(ctx, wrap(ctx, image.pollTitle, width - dateWidth - 48), 1, width);
  ctx.fillText(title, MARGIN, 120);
  ctx.fillStyle = colors.border;
  ctx.fillRect(MARGIN, 150, width, 2);

  // The question, up to three lines.
  let y = 250;
  ctx.font = font(64, 700);
  const heading = clamp(ctx, wrap(ctx, `${image.position}. ${question.text}`, width), 3, width);
  ctx.fillStyle = colors.foreground;
  for (const line of heading) {
    ctx.fillText(line, MARGIN, y);
    y += 78;
  }

  const multiple = question.type === 'multiple';
  if (question.hidden) {
    ctx.font = font(44, 600);
    ctx.fillText(es.results.hiddenTitle, MARGIN, y + 60);
    ctx.font = font(36);
    ctx.fillStyle = colors.muted;
    ctx.fillText(es.results.answers(question.respondents), MARGIN, y + 120);
  } else {
    if (multiple) {
      ctx.font = font(30);
      ctx.fillStyle = colors.muted;
      ctx.fillText(es.results.multipleNote, MARGIN, y - 10);
      y += 30;
    }
    drawOptions(ctx, question, y + 10, RESULT_IMAGE_HEIGHT - 110, width);
  }

  // Footer: how many answered, and where the image comes from.
  ctx.font = font(30);
  ctx.fillStyle = colors.muted;
  ctx.textAlign = 'left';
  ctx.fillText(es.results.answers(question.respondents), MARGIN, 1030);
  ctx.textAlign = 'right';
  ctx.fillText('Sondeo', RESULT_IMAGE_WIDTH - MARGIN, 1030);
  ctx.textAlign = 'left';
}

function drawOptions(
  ctx: CanvasRenderingContext2D,
  question: SummaryQuestion,
  top: number,
  bottom: number,
  width: number,
) {
  const multiple = question.type === 'multiple';
  const options = rankOptions(question);
  // Rows share the space left; the type shrinks with many options, never below legible.
  const row = Math.min(140, (bottom - top) / Math.max(options.length, 1));
  const size = Math.max(22, Math.min(44, row * 0.34));
  const barHeight = Math.max(10, Math.min(36, row * 0.28));
  const shown = options.slice(0, Math.floor((bottom - top) / row));
  shown.forEach((option, i) => {
    const y = top + i * row;
    const figures = `${multiple ? es.results.countOfPeople(option.count, question.respondents) : es.results.count(option.count)} · ${option.percent}%`;
    ctx.font = font(size, 600);
    const figuresWidth = ctx.measureText(figures).width;
    ctx.textAlign = 'right';
    ctx.fillStyle = option.leading ? colors.accent : colors.foreground;
    ctx.fillText(figures, MARGIN + width, y + size);
    ctx.textAlign = 'left';
    let x = MARGIN;
    if (option.leading) {
      star(ctx, x + size * 0.45, y + size * 0.62, size * 0.45);
      x += size * 1.1;
    }
    ctx.font = font(size, option.leading ? 700 : 400);
    const [label = ''] = clamp(
      ctx,
      wrap(ctx, option.text, width - figuresWidth - 48 - (x - MARGIN)),
      1,
      width,
    );
    ctx.fillText(label, x, y + size);
    const barY = y + size + 14;
    ctx.fillStyle = colors.barTrack;
    roundRect(ctx, MARGIN, barY, width, barHeight, barHeight / 2);
    ctx.fillStyle = option.leading ? colors.accent : colors.bar;
    if (option.percent > 0) {
      roundRect(
        ctx,
        MARGIN,
        barY,
        Math.max((width * option.percent) / 100, barHeight),
        barHeight,
        barHeight / 2,
      );
    }
  });
}

export function resultImageBlob(image: ResultImage): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawResultImage(canvas, image);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))),
      'image/png',
    ),
  );
}

export function resultImageFileName(slug: string, position: number): string {
  return `resultado-${slug}-${position}.png`;
}
