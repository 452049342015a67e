import { type RefObject, useLayoutEffect } from 'react';

/** Below this the text is unreadable anyway; what is left over is cut, never scrolled. */
const MIN_SCALE = 0.2;
const STEPS = 8;

/**
 * Shrinks `content` into `frame`: a deck's iframe cannot be scrolled by a speaker, so long
 * content (a 240-character question, eight long options) is drawn smaller rather than cut or
 * scrolled. The content is laid out wider by 1/scale and scaled down by scale, so it reflows to
 * the frame's shape (more words a line) before it is made smaller; scale is the largest of a
 * binary search whose scaled height fits. Refits when the frame resizes and at every render.
 */
export function useShrinkToFit(
  frame: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const outer = frame.current;
    const inner = content.current;
    if (!outer || !inner) return;
    const refit = () => {
      const width = outer.clientWidth;
      const height = outer.clientHeight;
      const fitsAt = (scale: number) => {
        inner.style.width = `${width / scale}px`;
        return inner.scrollHeight * scale <= height;
      };
      let scale = 1;
      if (!fitsAt(1)) {
        let [low, high] = [MIN_SCALE, 1];
        for (let step = 0; step < STEPS; step++) {
          const mid = (low + high) / 2;
          if (fitsAt(mid)) low = mid;
          else high = mid;
        }
        scale = low;
        fitsAt(scale);
      }
      inner.style.transform = scale === 1 ? '' : `scale(${scale})`;
      inner.dataset.scale = scale.toFixed(3);
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(outer);
    return () => observer.disconnect();
  });
}
