import type { TileShapeName } from './tiles.ts';

/** The outlines, in a 24 × 24 box, filled with the text's colour (white on a tile). */
const PATHS: Record<TileShapeName, string> = {
  triangle: 'M12 2.5 22.5 21H1.5Z',
  diamond: 'M12 1.5 22.5 12 12 22.5 1.5 12Z',
  circle: 'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20Z',
  square: 'M3 3h18v18H3Z',
  star: 'm12 1.5 3.1 6.9 7.4.7-5.6 5 1.6 7.4L12 17.7l-6.5 3.8 1.6-7.4-5.6-5 7.4-.7Z',
  pentagon: 'M12 1.8 22.3 9.3 18.4 21.4H5.6L1.7 9.3Z',
  hexagon: 'M12 1.5 21.1 6.8v10.5L12 22.5l-9.1-5.2V6.8Z',
  cross: 'M8.5 2h7v6.5H22v7h-6.5V22h-7v-6.5H2v-7h6.5Z',
};

/**
 * An option's shape, drawn (not a font's glyph: ⬟ ⬢ ✚ are missing or mis-sized in many
 * system fonts) at 1em. Decorative: the letter beside it is what a screen reader says.
 */
export function TileShape({ shape, className }: { shape: TileShapeName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className ?? 'size-[1em] shrink-0'}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-shape={shape}
    >
      <path d={PATHS[shape]} />
    </svg>
  );
}
