import type { CSSProperties } from 'react';

/**
 * Type sizes of a projected slide, in --u (1/100 of the width of the largest 16:9 box the
 * window holds, so 19.2 px at 1920×1080 and 12.8 px at 1280×720). Step 0 is the design's size
 * (question ≥ 48 px, options ≥ 32 px at 1080p); the last step is its floor (question 32 px,
 * options 24 px at 1080p). Being in --u, the floor scales with the screen: 21.3 px and 16 px
 * at 1280×720, the same share of a projected image whatever resolution feeds the projector.
 * `body` scales what is neither question nor option (the scale's average, a cloud's room).
 */
export const FIT_STEPS = stepsBetween(
  { question: 2.9, option: 1.8, body: 1 },
  { question: 32 / 19.2, option: 24 / 19.2, body: 0.6 },
  8,
);

type Sizes = { question: number; option: number; body: number };

function stepsBetween(from: Sizes, to: Sizes, count: number): Sizes[] {
  return Array.from({ length: count }, (_, i) => {
    const k = i / (count - 1);
    const at = (key: keyof Sizes) => from[key] + (to[key] - from[key]) * k;
    return { question: at('question'), option: at('option'), body: at('body') };
  });
}

export const MAX_COLUMNS = 3;

/** How a slide is laid out: a type step, the options' columns, and how many a page holds. */
export type SlideFit = {
  step: number;
  columns: number;
  /** Options per page; null when all of them fit one screen. */
  perPage: number | null;
};

export const FIRST_FIT: SlideFit = { step: 0, columns: 1, perPage: null };

/** The CSS variables the slide's sizes read (see question-slide.tsx and open-slides.tsx). */
export function fitStyle(fit: SlideFit): CSSProperties {
  const sizes = FIT_STEPS[fit.step] ?? FIT_STEPS[0]!;
  return {
    '--fq': sizes.question,
    '--fo': sizes.option,
    '--fb': sizes.body,
    '--cols': fit.columns,
  } as CSSProperties;
}

/** The options on page `page` of a fit: [start, end) of the host's order. */
export function pageRange(fit: SlideFit, count: number, page: number): [number, number] {
  if (fit.perPage === null) return [0, count];
  const start = Math.min(page * fit.perPage, Math.max(0, count - 1));
  return [start, Math.min(count, start + fit.perPage)];
}

export function pageCount(fit: SlideFit, count: number): number {
  return fit.perPage === null ? 1 : Math.max(1, Math.ceil(count / fit.perPage));
}

/**
 * Finds the largest layout that fits by measuring, not by counting characters: it writes each
 * candidate into the live DOM (CSS variables, the items' `hidden`), forces a layout and keeps
 * the first whose content does not overflow the slide (scrollHeight ≤ clientHeight, and the same
 * sideways). Order: the largest type step first and, at each step, one column before two; then
 * the same with three; past the floor, the most options per page (binary search) whose every
 * page fits.
 * Leaves the DOM as `render(result, page)` would draw it, so React's next render agrees.
 */
export function measureFit(slide: HTMLElement, itemCount: number, page: number): SlideFit {
  const items = [...slide.querySelectorAll<HTMLElement>('[data-fit-item]')];
  const pager = slide.querySelector<HTMLElement>('[data-fit-page]');
  const apply = (fit: SlideFit, start: number, end: number) => {
    for (const [name, value] of Object.entries(fitStyle(fit))) {
      slide.style.setProperty(name, String(value));
    }
    items.forEach((item, i) => {
      item.hidden = i < start || i >= end;
    });
    if (pager) pager.hidden = fit.perPage === null;
  };
  const fits = () =>
    slide.scrollHeight <= slide.clientHeight && slide.scrollWidth <= slide.clientWidth;
  const tryFit = (fit: SlideFit) => {
    for (let p = 0; p < pageCount(fit, itemCount); p++) {
      apply(fit, ...pageRange(fit, itemCount, p));
      if (!fits()) return false;
    }
    return true;
  };
  const columnChoices = Math.max(1, Math.min(MAX_COLUMNS, itemCount));
  const chosen = ((): SlideFit => {
    // Three narrow columns only when one or two do not fit even at the floor: long bars and
    // long lines read better from the back than a bigger type squeezed into thirds.
    for (const columns of [[1, 2], [3]]) {
      for (let step = 0; step < FIT_STEPS.length; step++) {
        for (const c of columns) {
          const fit = { step, columns: c, perPage: null };
          if (c <= columnChoices && tryFit(fit)) return fit;
        }
      }
    }
    const floor = FIT_STEPS.length - 1;
    if (itemCount <= 1) return { step: floor, columns: 1, perPage: null };
    // Paged at the floor: the columns that hold the most options per page (fewer on a draw).
    let best: SlideFit = { step: floor, columns: 1, perPage: 1 };
    for (let columns = 1; columns <= columnChoices; columns++) {
      let low = best.perPage ?? 1;
      let high = itemCount - 1;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (tryFit({ step: floor, columns, perPage: mid })) low = mid;
        else high = mid - 1;
      }
      if (low > (best.perPage ?? 1) || (low === 1 && columns === 1)) {
        best = { step: floor, columns, perPage: low };
      }
    }
    // Even pages (7, 7, 6 rather than 9, 9, 2), when they fit too.
    const perPage = best.perPage ?? 1;
    const even = { ...best, perPage: Math.ceil(itemCount / Math.ceil(itemCount / perPage)) };
    return even.perPage < perPage && tryFit(even) ? even : best;
  })();
  const pages = pageCount(chosen, itemCount);
  apply(chosen, ...pageRange(chosen, itemCount, Math.min(page, pages - 1)));
  return chosen;
}
