import type { CSSProperties } from 'react';
import { overflows, stepsBetween, useFittedLayout } from '../../../lib/use-fitted-layout.ts';

/** The projector lists the top five under the highlighted question; more come in pages. */
export const QA_PAGE = 5;

/**
 * Type sizes in --u (1/100 of the presenter's 16:9 box: 19.2 px at 1920×1080), from the design's
 * down to its floor: the highlighted question 48 px at 1080p (2.5u), the others the options' 24
 * px (1.25u). Past that, a long highlighted question shrinks on to the poll slides' question floor
 * (32 px, 1.67u) before the fifth of the top five leaves the page: the issue wants the top five
 * whole beside the highlighted one. With nothing highlighted the list is the slide: larger.
 */
const HIGHLIGHTED_STEPS = [
  ...stepsBetween({ highlighted: 4.4, item: 2.2 }, { highlighted: 2.5, item: 1.25 }, 8),
  ...stepsBetween({ highlighted: 2.3, item: 1.25 }, { highlighted: 32 / 19.2, item: 1.25 }, 4),
];
const LIST_STEPS = stepsBetween({ highlighted: 0, item: 2.8 }, { highlighted: 0, item: 1.25 }, 12);

/** The highlighted question takes at most this share of the slide's height (design.md). */
const HIGHLIGHTED_SHARE = 0.45;

export type QaLayout = { step: number; perPage: number };

function layouts(count: number): QaLayout[] {
  const full = Math.max(1, Math.min(QA_PAGE, count));
  const tried = HIGHLIGHTED_STEPS.map((_, step) => ({ step, perPage: full }));
  // Past the floor, fewer per page: each question stays whole, never cut mid-line.
  for (let perPage = full - 1; perPage >= 1; perPage--) {
    tried.push({ step: HIGHLIGHTED_STEPS.length - 1, perPage });
  }
  return tried;
}

export function pageCount(layout: QaLayout, count: number): number {
  return Math.max(1, Math.ceil(count / layout.perPage));
}

/** The questions on page `page`: [start, end) of the list. */
export function pageRange(layout: QaLayout, count: number, page: number): [number, number] {
  const start = Math.min(page, pageCount(layout, count) - 1) * layout.perPage;
  return [start, Math.min(count, start + layout.perPage)];
}

function layoutStyle(layout: QaLayout, highlighted: boolean): Record<string, string> {
  const steps = highlighted ? HIGHLIGHTED_STEPS : LIST_STEPS;
  const sizes = steps[layout.step] ?? steps[0]!;
  return { '--fh': String(sizes.highlighted), '--fi': String(sizes.item) };
}

/**
 * The Q&A slide's fit: the largest type with which the highlighted question (at most ~45 % of
 * the slide) and a page of five stay whole above the join strip, on every page; past the floor,
 * fewer per page. Measured in the live DOM (see useFittedLayout); items are the slide's
 * `[data-qa-item]` elements, hidden off the current page.
 */
export function useQaSlideFit(fitKey: string, count: number, highlighted: boolean, page: number) {
  const tried = layouts(count);
  const fit = useFittedLayout<HTMLElement>(
    tried.length,
    (box, index) => {
      const layout = tried[index]!;
      for (const [name, value] of Object.entries(layoutStyle(layout, highlighted))) {
        box.style.setProperty(name, value);
      }
      const items = [...box.querySelectorAll<HTMLElement>('[data-qa-item]')];
      const pager = box.querySelector<HTMLElement>('[data-qa-page]');
      const show = (p: number) => {
        const [start, end] = pageRange(layout, items.length, p);
        items.forEach((item, i) => {
          item.hidden = i < start || i >= end;
        });
        if (pager) pager.hidden = pageCount(layout, items.length) <= 1;
      };
      const quote = box.querySelector<HTMLElement>('[data-qa-highlighted]');
      let fits = true;
      for (let p = 0; p < pageCount(layout, items.length) && fits; p++) {
        show(p);
        fits = !overflows(box);
      }
      const floor = layout.step === tried[tried.length - 1]!.step;
      if (fits && quote && !floor) {
        fits = quote.offsetHeight <= box.clientHeight * HIGHLIGHTED_SHARE;
      }
      // Left as React draws the page on show, so its next render agrees with the DOM.
      show(page);
      return fits;
    },
    `${fitKey}|${highlighted}`,
  );
  const layout = tried[Math.min(fit.layout, tried.length - 1)]!;
  return {
    layout,
    /** Spread on the slide's box: what it measures, its sizes, and 'data-fit' for tests. */
    box: {
      ref: fit.ref,
      style: layoutStyle(layout, highlighted) as CSSProperties,
      'data-fit': fit.measured ? 'done' : 'measuring',
      'data-fit-step': layout.step,
    },
  };
}
