/**
 * Layout of a word cloud in a fixed virtual canvas (an SVG viewBox), computed without measuring
 * text, so the server renders the same cloud the browser hydrates. Stable between updates: a word
 * keeps the centre it was given while it stays in the cloud; a new word takes the free spot
 * nearest the middle; sizes follow the counts (the page animates the change). Only a word that
 * has grown into a neighbour moves, to the free spot nearest its old centre.
 */

export type CloudWord = { text: string; count: number };

export type CloudShape = {
  width: number;
  height: number;
  /** Font sizes in canvas units: the rarest word and the most frequent one. */
  minSize: number;
  maxSize: number;
};

/** A laptop or a projector (16:9): from 768 px across, the smallest word is 15 px or more. */
export const WIDE_CLOUD: CloudShape = { width: 1600, height: 900, minSize: 32, maxSize: 132 };
/** A phone held upright: 600 units across its ~320 px of card keep the smallest word at 16 px. */
export const NARROW_CLOUD: CloudShape = { width: 600, height: 900, minSize: 30, maxSize: 80 };
/** The presenter's slide, wider than 16:9 (the join strip and header take height): the
 *  smallest word is ~36 px at 1920×1080, the design's 32 px or more for the back of the room. */
export const PROJECTOR_CLOUD: CloudShape = { width: 1800, height: 720, minSize: 40, maxSize: 150 };

export type PlacedWord = {
  /** The folded word (case and accents), as the server groups answers: the identity of a slot. */
  key: string;
  text: string;
  /** What is drawn: `text`, cut with '…' only when even the smallest size is too wide. */
  label: string;
  count: number;
  size: number;
  /** Centre of the word in canvas units. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Index into the cloud's palette, fixed per word, so a word keeps its colour. */
  tone: number;
};

export type CloudLayout = {
  shape: CloudShape;
  /** How much the sizes were scaled down to fit (1: not at all); never grows again. */
  scale: number;
  words: PlacedWord[];
};

export const CLOUD_TONES = 4;

/** The server's grouping (server/domain/words): lower case, accents off, but ñ kept ('año' is
 *  not 'ano'). A word keeps its slot when the spelling shown for it changes. */
export function foldWord(text: string): string {
  return text
    .toLocaleLowerCase('es')
    .normalize('NFD')
    .replace(/n\u0303|\p{M}+/gu, (match) => (match === 'n\u0303' ? 'ñ' : ''))
    .normalize('NFC');
}

/**
 * Width of a character in em of a bold sans-serif, taken from the widest common one (DejaVu
 * Sans Bold, Linux's system-ui, measured in Chromium): narrower fonts (Roboto, San Francisco,
 * Segoe UI) then leave more room between words, never less.
 */
function charWidth(c: string): number {
  if (c === ' ') return 0.36;
  if ("ijlIJ.,:;'|!¡íì".includes(c)) return 0.38;
  if ('frt-/'.includes(c)) return 0.5;
  if ('csz?¿'.includes(c)) return 0.62;
  if ('mwMW@'.includes(c)) return 1.06;
  if (c >= 'A' && c <= 'Z') return 0.84;
  return 0.72;
}

export function textWidthEm(text: string): number {
  let width = 0;
  for (const c of text) width += charWidth(c);
  return width;
}

/** Words that found no room before the cloud counts as full and stops trying the rest. */
const FULL_AFTER_MISSES = 3;

/** Canvas kept free around the edge and between two words, in units. */
const MARGIN = 8;
const GAP = 6;

/** A word's box: its text plus a third of an em across (so two words on a line never read as
 *  one phrase) and a line height. */
function box(label: string, size: number) {
  return { w: textWidthEm(label) * size + size * 0.35 + GAP, h: size * 1.2 + GAP };
}

/** The word at `size` if it fits across the canvas, else smaller, and as a last resort cut. */
function fitWord(text: string, wanted: number, shape: CloudShape) {
  const room = shape.width - 2 * MARGIN;
  const floor = shape.minSize * 0.75;
  const widthAt = (size: number, label: string) => box(label, size).w;
  let size = Math.round(wanted);
  if (widthAt(size, text) > room) {
    size = Math.floor(Math.max(floor, (room - GAP) / (textWidthEm(text) + 0.35)));
  }
  let label = text;
  const chars = [...text];
  while (widthAt(size, label) > room && chars.length > 1) {
    chars.pop();
    label = `${chars.join('').trimEnd()}…`;
  }
  return { size, label };
}

/** Share of the canvas the words' boxes may cover: the spiral packs a cloud up to about this. */
const FILL = 0.35;

/**
 * Font sizes from the counts: the square root of a word's share of the top count (areas, not
 * heights, compare by eye) between the shape's sizes, then all scaled down together when their
 * boxes would cover more than FILL of the canvas (never more than `maxScale`: a cloud that
 * shrank to fit does not grow back when a word leaves, which would push words into each
 * other), never below the smallest size.
 */
export function wordSizes(
  words: readonly CloudWord[],
  shape: CloudShape,
  maxScale = 1,
): { sizes: number[]; scale: number } {
  const top = Math.max(0, ...words.map((w) => w.count));
  const { minSize, maxSize } = shape;
  const sizes = words.map((w) => {
    const share = top > 0 ? Math.sqrt(Math.min(w.count, top) / top) : 1;
    return minSize + (maxSize - minSize) * share;
  });
  const area = words.reduce((sum, w, i) => {
    const size = sizes[i] ?? minSize;
    return sum + (textWidthEm(w.text) + 0.35) * size * size * 1.2;
  }, 0);
  const fits = Math.sqrt((FILL * shape.width * shape.height) / Math.max(area, 1));
  const scale = Math.min(maxScale, fits);
  return { sizes: sizes.map((size) => Math.max(minSize, size * scale)), scale };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

type Rect = { x: number; y: number; w: number; h: number };

const overlaps = (a: Rect, b: Rect) =>
  Math.abs(a.x - b.x) * 2 < a.w + b.w && Math.abs(a.y - b.y) * 2 < a.h + b.h;

function inside(r: Rect, shape: CloudShape): boolean {
  return (
    r.x - r.w / 2 >= MARGIN &&
    r.x + r.w / 2 <= shape.width - MARGIN &&
    r.y - r.h / 2 >= MARGIN &&
    r.y + r.h / 2 <= shape.height - MARGIN
  );
}

const free = (r: Rect, placed: readonly Rect[], shape: CloudShape) =>
  inside(r, shape) && placed.every((p) => !overlaps(r, p));

/**
 * The first free centre on a spiral out of (x, y), stretched to the canvas's proportions so
 * the cloud grows as an ellipse that fills it. Positions are whole units: the server and the
 * browser round the same trigonometry to the same numbers.
 */
function spiralSpot(
  from: { x: number; y: number },
  size: { w: number; h: number },
  placed: readonly Rect[],
  shape: CloudShape,
): { x: number; y: number } | null {
  const sx = Math.max(1, shape.width / shape.height);
  const sy = Math.max(1, shape.height / shape.width);
  // Far enough to reach the farthest corner of the canvas from where the search starts.
  const reach = Math.hypot(
    Math.max(from.x, shape.width - from.x) / sx,
    Math.max(from.y, shape.height - from.y) / sy,
  );
  const turn = 18 / (2 * Math.PI); // 18 units between two turns of the spiral
  // Neighbouring points tend to hit the same word: trying it first skips most of the others.
  let blocker: Rect | undefined;
  for (
    let angle = 0;
    turn * angle < reach;
    angle += Math.max(0.03, 10 / Math.max(turn * angle, 1))
  ) {
    const r = turn * angle;
    const spot = {
      x: Math.round(from.x + r * Math.cos(angle) * sx),
      y: Math.round(from.y + r * Math.sin(angle) * sy),
      ...size,
    };
    if (!inside(spot, shape) || (blocker && overlaps(spot, blocker))) continue;
    blocker = placed.find((p) => overlaps(spot, p));
    if (!blocker) return { x: spot.x, y: spot.y };
  }
  return null;
}

/**
 * The cloud of `words` (most frequent first), starting from the previous layout of the same
 * shape: kept words keep their centres and their order; new words go after them. Words that do
 * not fit are left out (the page lists every word for screen readers anyway).
 */
export function layoutCloud(
  previous: CloudLayout | null,
  words: readonly CloudWord[],
  shape: CloudShape,
): CloudLayout {
  const old = previous && previous.shape === shape ? previous.words : [];
  const incoming = new Map<string, CloudWord & { size: number }>();
  const { sizes, scale } = wordSizes(words, shape, old.length > 0 ? previous?.scale : 1);
  for (const [i, word] of words.entries()) {
    const key = foldWord(word.text);
    if (!incoming.has(key)) incoming.set(key, { ...word, size: sizes[i] ?? shape.minSize });
  }
  const sized = (key: string, word: CloudWord & { size: number }) => {
    const { size, label } = fitWord(word.text, word.size, shape);
    return { key, text: word.text, label, count: word.count, size, ...box(label, size) };
  };

  const placed: PlacedWord[] = [];
  const moving: PlacedWord[] = [];
  // First the words that still fit where they are, in their old order.
  for (const before of old) {
    const word = incoming.get(before.key);
    if (!word) continue;
    const next = { ...sized(before.key, word), x: before.x, y: before.y, tone: before.tone };
    if (free(next, placed, shape)) placed.push(next);
    else moving.push(next);
  }
  const kept = new Set(old.map((w) => w.key));
  // Then the ones that grew into a neighbour, as near their old place as there is room; with
  // none, they stay where they were, as large as fits there.
  for (const word of moving) {
    const spot = spiralSpot(word, word, placed, shape);
    const stay = spot ? null : shrunkInPlace(word, placed, shape);
    if (spot) placed.push({ ...word, ...spot });
    else if (stay) placed.push(stay);
  }
  // Then the new ones, from the middle out, most frequent first. Searches from the middle try
  // the same points against a growing set of words, so once a box found no room, no box at
  // least as wide and as tall will: skip those; after a few misses the cloud counts as full.
  const middle = { x: shape.width / 2, y: shape.height / 2 };
  const misses: { w: number; h: number }[] = [];
  for (const [key, word] of incoming) {
    if (kept.has(key)) continue;
    if (misses.length >= FULL_AFTER_MISSES) break;
    const next = sized(key, word);
    if (misses.some((m) => next.w >= m.w && next.h >= m.h)) continue;
    const spot = spiralSpot(middle, next, placed, shape);
    if (spot) placed.push({ ...next, ...spot, tone: hash(key) % CLOUD_TONES });
    else misses.push(next);
  }
  // Kept words first in their old order, so the page's elements never swap places.
  const order = new Map(old.map((w, i) => [w.key, i]));
  placed.sort(
    (a, b) =>
      (order.get(a.key) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.key) ?? Number.MAX_SAFE_INTEGER),
  );
  return { shape, scale, words: placed };
}

/** The word at its centre, made smaller until it fits among `placed` (null if it never does). */
function shrunkInPlace(word: PlacedWord, placed: readonly Rect[], shape: CloudShape) {
  for (let size = word.size - 2; size >= shape.minSize * 0.75; size -= 2) {
    const next = { ...word, size, ...box(word.label, size) };
    if (free(next, placed, shape)) return next;
  }
  return null;
}
