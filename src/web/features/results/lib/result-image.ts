import type { QuestionType } from '../../../../contract/poll.ts';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { esSlides } from '../../../i18n/es-slides.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { clamp, colors, font, MARGIN, roundRect, wrap } from './result-image-draw.ts';
import { drawNumber, drawRanking } from './result-image-new-types.ts';
import { drawScale } from './result-image-scale.ts';
import { drawTopWords } from './result-image-text.ts';
import { tallyOptions } from './tally.ts';

/**
 * One question's results drawn as a 1920×1080 PNG in the projector's look (theme.css's dark
 * set): for a slide or a report. Drawn on a canvas in the browser; nothing leaves the machine.
 */

export const RESULT_IMAGE_WIDTH = 1920;
export const RESULT_IMAGE_HEIGHT = 1080;

export type ResultImage = {
  pollTitle: string;
  /** When the results were last updated. */
  date: Date;
  position: number;
  question: SummaryQuestion;
};

const dateFormat = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' });

/**
 * An upvote arrow (lucide's arrow-big-up, filled) in a `size` box at (x, y): the leading option's
 * cue besides its colour and the words 'Más votada'. Not a trophy, nor a star: those say "winner".
 */
function upArrow(ctx: CanvasRenderingContext2D, x: number, y: number, size: number) {
  const k = size / 24;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(k, k);
  ctx.fill(new Path2D('M9 20h6v-8h5.5L12 3.5 3.5 12H9z'));
  ctx.restore();
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

  if (question.hidden) {
    ctx.font = font(44, 600);
    ctx.fillText(es.results.hiddenTitle, MARGIN, y + 60);
    ctx.font = font(36);
    ctx.fillStyle = colors.muted;
    ctx.fillText(es.results.answers(question.respondents), MARGIN, y + 120);
  } else {
    drawers[question.type](ctx, question, y, RESULT_IMAGE_HEIGHT - 110, width);
  }

  // Footer: how many answered, and where the image comes from.
  ctx.font = font(30);
  ctx.fillStyle = colors.muted;
  ctx.textAlign = 'left';
  const answered = traitsOf(question.type).answered(question);
  ctx.fillText(es.results.answers(answered), MARGIN, 1030);
  ctx.textAlign = 'right';
  ctx.fillText('Sondeo', RESULT_IMAGE_WIDTH - MARGIN, 1030);
  ctx.textAlign = 'left';
}

/** Draws a question's results between top and bottom, from the left margin. */
type DrawResult = (
  ctx: CanvasRenderingContext2D,
  question: SummaryQuestion,
  top: number,
  bottom: number,
  width: number,
) => void;

/** A choice question: the note under a multiple one's heading, then the options. */
const drawChoices: DrawResult = (ctx, question, top, bottom, width) => {
  let y = top;
  if (traitsOf(question.type).picks === 'many') {
    ctx.font = font(30);
    ctx.fillStyle = colors.muted;
    ctx.fillText(es.results.multipleNote, MARGIN, y - 10);
    y += 30;
  }
  drawOptions(ctx, question, y + 10, bottom, width);
};

/** Each question type's drawing on the image. */
const drawers: Record<QuestionType, DrawResult> = {
  single: drawChoices,
  multiple: drawChoices,
  yesno: drawChoices,
  text: (ctx, question, top, bottom, width) =>
    drawTopWords(ctx, question, MARGIN, top, bottom, width),
  scale: (ctx, question, top, bottom, width) =>
    drawScale(ctx, question, MARGIN, top + 10, bottom, width),
  ranking: (ctx, question, top, bottom, width) =>
    drawRanking(ctx, question, MARGIN, top + 10, bottom, width),
  number: (ctx, question, top, bottom, width) =>
    drawNumber(ctx, question, MARGIN, top + 10, bottom, width),
};

function drawOptions(
  ctx: CanvasRenderingContext2D,
  question: SummaryQuestion,
  top: number,
  bottom: number,
  width: number,
) {
  const multiple = traitsOf(question.type).picks === 'many';
  const options = tallyOptions(question);
  // Rows share the space left; the type shrinks with many options, never below legible.
  const row = Math.min(140, (bottom - top) / Math.max(options.length, 1));
  const size = Math.max(22, Math.min(44, row * 0.34));
  const barHeight = Math.max(10, Math.min(36, row * 0.28));
  const shown = options.slice(0, Math.floor((bottom - top) / row));
  shown.forEach((option, i) => {
    const y = top + i * row;
    const mark = option.tie ? esSlides.mostVotedTie : esSlides.mostVoted;
    const figures = `${option.leading ? `${mark} · ` : ''}${multiple ? es.results.countOfPeople(option.count, question.respondents) : es.results.count(option.count)} · ${option.percent}%`;
    ctx.font = font(size, 600);
    const figuresWidth = ctx.measureText(figures).width;
    ctx.textAlign = 'right';
    ctx.fillStyle = option.leading ? colors.accent : colors.foreground;
    ctx.fillText(figures, MARGIN + width, y + size);
    ctx.textAlign = 'left';
    let x = MARGIN;
    if (option.leading) {
      upArrow(ctx, x, y + size * 0.05, size);
      x += size * 1.15;
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
