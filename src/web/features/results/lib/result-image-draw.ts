/**
 * What every result image shares: the projector's colours, the type, and text that must fit a
 * fixed canvas (wrapped and cut with an ellipsis).
 */

/** The projector theme (theme.css, `.dark`), fixed: an image must not depend on the screen. */
export const colors = {
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
export const MARGIN = 96;

export function font(size: number, weight = 400): string {
  return `${weight} ${size}px ${FONT}`;
}

/** Lines of `text` no wider than `width`; a word longer than a line is cut anywhere. */
export function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
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
export function clamp(ctx: CanvasRenderingContext2D, lines: string[], max: number, width: number) {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = `${kept[max - 1]}…`;
  while (last.length > 1 && ctx.measureText(last).width > width) last = `${last.slice(0, -2)}…`;
  kept[max - 1] = last;
  return kept;
}

export function roundRect(
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
