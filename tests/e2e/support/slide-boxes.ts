import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The room on a projected slide, as the fit tests measure it (see presenter-fit.test.ts). */
export type Box = { top: number; left: number; bottom: number; right: number };
export type MeasuredElement = {
  name: string;
  text: string;
  box: Box;
  /** Its content overflows it (scrollHeight > clientHeight or sideways): text cut off. */
  clipped: boolean;
  fontSize: number;
};
export type MeasuredSlide = {
  viewport: { width: number; height: number };
  documentScroll: { width: number; height: number };
  strip: Box;
  elements: MeasuredElement[];
};

/**
 * Boxes of every visible element matching `selectors` (name → CSS selector) on the page, the
 * join strip's box and the document's scroll size, in one look at the live layout.
 */
export async function measureSlide(
  page: Page,
  selectors: Record<string, string>,
): Promise<MeasuredSlide> {
  return page.evaluate((named) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
    };
    const clipped = (el: Element) => {
      if (getComputedStyle(el).display === 'inline') return false;
      return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    };
    const strip = document.querySelector('[data-testid="presenter-join-strip"]');
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      documentScroll: {
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      },
      strip: strip
        ? box(strip)
        : { top: window.innerHeight, bottom: window.innerHeight, left: 0, right: 0 },
      elements: Object.entries(named).flatMap(([name, selector]) =>
        [...document.querySelectorAll(selector)]
          .filter((el) => (el as HTMLElement).checkVisibility())
          .map((el) => ({
            name,
            text: (el.textContent ?? '').slice(0, 40),
            box: box(el),
            clipped: clipped(el),
            fontSize: Number.parseFloat(getComputedStyle(el).fontSize),
          })),
      ),
    };
  }, selectors);
}

/** Every element whole: inside the screen, above the join strip, nothing cut; no page scroll. */
export function expectWhole(slide: MeasuredSlide, mustHave: string[]) {
  const { viewport, strip } = slide;
  expect(slide.documentScroll.height).toBeLessThanOrEqual(viewport.height);
  expect(slide.documentScroll.width).toBeLessThanOrEqual(viewport.width);
  for (const name of mustHave) {
    expect(
      slide.elements.some((e) => e.name === name),
      `${name} on screen`,
    ).toBe(true);
  }
  for (const element of slide.elements) {
    const where = `${element.name} «${element.text}» ${JSON.stringify(element.box)}`;
    expect(element.box.bottom, where).toBeLessThanOrEqual(strip.top + 0.5);
    expect(element.box.top, where).toBeGreaterThanOrEqual(-0.5);
    expect(element.box.left, where).toBeGreaterThanOrEqual(-0.5);
    expect(element.box.right, where).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(element.clipped, where).toBe(false);
  }
}

/** The design's floors at 1920×1080, scaled with the screen: min(width/1920, height/1080). */
export function scaled(px: number, viewport: { width: number; height: number }): number {
  return px * Math.min(viewport.width / 1920, viewport.height / 1080);
}

/** Two frames: what a key press or a new size changed is laid out and painted. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** Where the pictures go: looked at by a person, never committed. */
export const SHOTS = '/tmp/sondeo-slides-shots';
