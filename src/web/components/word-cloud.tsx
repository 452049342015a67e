import { useEffect, useMemo, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import {
  type CloudLayout,
  type CloudShape,
  type CloudWord,
  layoutCloud,
  NARROW_CLOUD,
  PROJECTOR_CLOUD,
  WIDE_CLOUD,
} from '../lib/word-cloud.ts';

/**
 * Tones of the words: theme colours with at least 4.5:1 on the card in both themes. Decoration
 * only: a word's frequency is its size, and its count is in the list read to screen readers.
 */
const TONES = ['fill-primary', 'fill-accent', 'fill-success', 'fill-foreground'] as const;

/** Words the screen-reader list names, most frequent first. */
const LISTED = 15;

/** The previous layout of this cloud, so an update keeps every word where it was. */
function useStableLayout(words: readonly CloudWord[], shape: CloudShape): CloudLayout {
  const previous = useRef<CloudLayout | null>(null);
  // The words' content, not the array's identity: a re-render with the same summary is free.
  const signature = words.map((w) => `${w.count}:${w.text}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for `words`.
  const layout = useMemo(() => layoutCloud(previous.current, words, shape), [signature, shape]);
  useEffect(() => {
    previous.current = layout;
  }, [layout]);
  return layout;
}

function CloudSvg({
  words,
  shape,
  className,
}: {
  words: readonly CloudWord[];
  shape: CloudShape;
  className?: string;
}) {
  const layout = useStableLayout(words, shape);
  return (
    <svg
      viewBox={`0 0 ${shape.width} ${shape.height}`}
      className={cn('w-full', className)}
      aria-hidden="true"
      focusable="false"
      data-testid="word-cloud-svg"
      data-shape={shape === NARROW_CLOUD ? 'narrow' : shape === WIDE_CLOUD ? 'wide' : 'projector'}
    >
      {layout.words.map((word) => (
        <text
          key={word.key}
          data-word={word.text}
          data-count={word.count}
          textAnchor="middle"
          dominantBaseline="central"
          className={cn(
            'font-bold transition-[transform,font-size] duration-300 ease-out motion-reduce:transition-none',
            TONES[word.tone],
          )}
          style={{ transform: `translate(${word.x}px, ${word.y}px)`, fontSize: `${word.size}px` }}
        >
          {word.label}
          {word.label !== word.text ? <title>{word.text}</title> : null}
        </text>
      ))}
    </svg>
  );
}

type WordCloudProps = {
  /** Visible words only, most frequent first (the summary's order). */
  words: readonly CloudWord[];
  /** The projector's slide (one wide shape filling its box) or a page (phone or wide by room). */
  variant: 'page' | 'projector';
  /** Name of the screen-reader list, e.g. 'Palabras más frecuentes'. */
  listLabel: string;
  /** How a word's count is read: '5 respuestas'. */
  countLabel: (n: number) => string;
  className?: string;
};

/**
 * The cloud, drawn as SVG (it scales with its box, so the same layout reads on a phone and a
 * projector), with the most frequent words as an ordered list for screen readers.
 */
export function WordCloud({ words, variant, listLabel, countLabel, className }: WordCloudProps) {
  return (
    <div className={cn('@container', className)} data-testid="word-cloud">
      {variant === 'projector' ? (
        <CloudSvg words={words} shape={PROJECTOR_CLOUD} className="h-full" />
      ) : (
        <>
          <CloudSvg words={words} shape={NARROW_CLOUD} className="@3xl:hidden" />
          <CloudSvg words={words} shape={WIDE_CLOUD} className="hidden @3xl:block" />
        </>
      )}
      <ol className="sr-only" aria-label={listLabel} data-testid="word-cloud-list">
        {words.slice(0, LISTED).map((word) => (
          <li key={word.text}>
            {word.text}: {countLabel(word.count)}
          </li>
        ))}
      </ol>
    </div>
  );
}
