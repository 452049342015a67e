import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Whether `box`'s content overflows it, down or sideways: what a projected slide must never do. */
export function overflows(box: HTMLElement): boolean {
  return box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth;
}

export type FittedLayout<T extends HTMLElement> = {
  ref: RefObject<T | null>;
  /** The index of the layout chosen: the first that fits, the last when none does. */
  layout: number;
  /** False until the first measure: what tests wait for ('data-fit="done"'). */
  measured: boolean;
};

/**
 * The largest layout that fits, found by measuring, not by counting characters (the idea of the
 * presenter's measureFit, for slides of other features): `tryLayout(box, i)` writes layout `i`
 * into the live DOM (CSS variables, items' `hidden`) and answers whether it fits (e.g.
 * `!overflows(box)` on each of its pages). Layouts are tried in order, 0 the largest; the DOM is
 * left as layout `layout` draws it, so React's next render agrees. Measured before paint when
 * `key` changes (texts, phase), and again when the box changes size.
 */
export function useFittedLayout<T extends HTMLElement>(
  count: number,
  tryLayout: (box: T, index: number) => boolean,
  key: string,
): FittedLayout<T> {
  const ref = useRef<T>(null);
  const [layout, setLayout] = useState(0);
  const [measured, setMeasured] = useState(false);
  const tryRef = useRef(tryLayout);
  tryRef.current = tryLayout;

  const measure = useCallback(() => {
    const box = ref.current;
    if (!box || count === 0) return;
    let chosen = count - 1;
    for (let i = 0; i < count; i++) {
      if (tryRef.current(box, i)) {
        chosen = i;
        break;
      }
    }
    // The loop stopped on the chosen layout unless none fitted; draw it either way.
    tryRef.current(box, chosen);
    setLayout(chosen);
    setMeasured(true);
  }, [count]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger, not an input
  useLayoutEffect(measure, [measure, key]);

  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    let last = '';
    const observer = new ResizeObserver(() => {
      const size = `${box.clientWidth}×${box.clientHeight}`;
      if (size === last) return;
      last = size;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [measure]);

  return { ref, layout, measured };
}

/** `count` sizes from `from` down to `to` (the design size to its floor), evenly. */
export function stepsBetween<K extends string>(
  from: Record<K, number>,
  to: Record<K, number>,
  count: number,
): Record<K, number>[] {
  return Array.from({ length: count }, (_, i) => {
    const k = count === 1 ? 0 : i / (count - 1);
    const step = {} as Record<K, number>;
    for (const key of Object.keys(from) as K[]) step[key] = from[key] + (to[key] - from[key]) * k;
    return step;
  });
}
