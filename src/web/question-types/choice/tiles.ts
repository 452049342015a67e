/**
 * How an answer is told apart on the phone and on the projector: a shape and a letter carry the
 * meaning, the colour only helps (design.md 'Quiz'). Eight shapes and eight colours, so eight
 * options are eight distinct (shape, colour) pairs. Every colour keeps white text at ≥ 4.5:1 (AA),
 * in both themes (the tile is the same colour on a light and a dark page), as measured in
 * Chromium by tests/e2e/quiz-slides.test.ts: red 6.4, blue 6.8, yellow 6.8, green 5.0, purple
 * 7.1, cyan 7.2, pink 5.9, orange 7.4.
 */
export const TILE_SHAPES = [
  'triangle',
  'diamond',
  'circle',
  'square',
  'star',
  'pentagon',
  'hexagon',
  'cross',
] as const;
export type TileShapeName = (typeof TILE_SHAPES)[number];

const COLOURS = [
  'bg-red-700',
  'bg-blue-700',
  'bg-yellow-800',
  'bg-green-700',
  'bg-purple-700',
  'bg-cyan-800',
  'bg-pink-700',
  'bg-orange-800',
] as const;

export type TileLook = { shape: TileShapeName; letter: string; colour: string };

/**
 * The look of the option at `index` (0-based). Shape i and colour i go together for the first
 * eight; past eight the colours shift by one per round of eight, so no (shape, colour) pair
 * repeats until 64 options, and the letter keeps counting (A–Z, then AA, AB…).
 */
export function tileLook(index: number): TileLook {
  const n = TILE_SHAPES.length;
  const round = Math.floor(index / n);
  return {
    shape: TILE_SHAPES[index % n] ?? 'square',
    letter: optionLetter(index),
    colour: COLOURS[(index + round) % COLOURS.length] ?? 'bg-blue-700',
  };
}

/** 'A'…'Z', then 'AA', 'AB'… (spreadsheet columns), so a letter never names two options. */
export function optionLetter(index: number): string {
  let rest = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return letters;
}
