/**
 * How an answer is told apart on the phone and on the projector: a shape and a letter carry the
 * meaning, the colour only helps (design.md 'Quiz'). Every colour keeps white text at ≥ 4.5:1
 * (red-700 6.5, blue-700 6.7, yellow-800 6.1, green-700 5.0), in both themes.
 */
const SHAPES = ['▲', '◆', '●', '■'] as const;
const COLOURS = ['bg-red-700', 'bg-blue-700', 'bg-yellow-800', 'bg-green-700'] as const;

export type TileLook = { shape: string; letter: string; colour: string };

/** The look of the option at `index` (0-based); past the fourth, shapes and colours repeat
 *  while the letter keeps counting, so the letter always tells them apart. */
export function tileLook(index: number): TileLook {
  return {
    shape: SHAPES[index % SHAPES.length] ?? '■',
    letter: String.fromCharCode(65 + (index % 26)),
    colour: COLOURS[index % COLOURS.length] ?? 'bg-blue-700',
  };
}
