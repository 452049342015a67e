import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

type Box = { top: number; left: number; bottom: number; right: number };

/** What the fit tests measure on a slide: every box that must stay clear of the join strip. */
export type SlideBoxes = {
  viewport: { width: number; height: number };
  documentScroll: { width: number; height: number };
  strip: Box;
  /** Text, bars and figures on the slide; `clipped` when a block's content overflows it. */
  elements: { name: string; box: Box; clipped: boolean }[];
  fontSizes: { question: number; options: number[] };
};

/** The presenter view /present/{slug}, driven by keys as a clicker would. */
export class PresenterPage extends Screen {
  async goto(slug: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/present/${encodeURIComponent(slug)}`);
    await this.page.getByTestId('presenter').waitFor();
  }

  readonly root = () => this.page.getByTestId('presenter');
  readonly slide = () => this.page.getByTestId('presenter-slide');
  readonly position = () => this.page.getByTestId('presenter-position');
  readonly joinScreen = () => this.page.getByTestId('presenter-join-screen');
  readonly joinStrip = () => this.page.getByTestId('presenter-join-strip');
  readonly joinQr = () => this.page.getByTestId('presenter-join-qr');
  readonly help = () => this.page.getByRole('dialog', { name: 'Atajos de teclado' });
  readonly hidden = () => this.page.getByTestId('presenter-hidden');
  readonly connected = () => this.page.getByTestId('presenter-connected').first();
  readonly question = () => this.page.getByRole('heading', { level: 1 });
  /** 'Opciones 9–16 de 20', shown only when the options do not fit one screen. */
  readonly pageIndicator = () => this.page.getByTestId('presenter-option-page');

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  /** The slide shows this question (its position reads "n / total"). */
  async waitForPosition(text: string): Promise<void> {
    await this.page.getByTestId('presenter-position').filter({ hasText: text }).waitFor();
  }

  options(): Locator {
    return this.page.getByTestId('presenter-option');
  }

  /** The texts of the options on screen now (one page of them when they are paged). */
  async visibleOptions(): Promise<string[]> {
    return this.options().evaluateAll((rows) =>
      rows
        .filter((row) => (row as HTMLElement).checkVisibility())
        .map(
          (row) => row.querySelector('[data-testid="presenter-option-text"]')?.textContent ?? '',
        ),
    );
  }

  /** The slide has measured itself and settled on its type size, columns and page. */
  async waitForFit(): Promise<void> {
    await this.page.locator('[data-testid="presenter-slide"][data-fit="done"]').waitFor();
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
  }

  /** Measured boxes of everything on the slide, the join strip and the document. */
  async boxes(): Promise<SlideBoxes> {
    return this.page.evaluate(() => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
      };
      const clipped = (el: Element) => {
        if (getComputedStyle(el).display === 'inline') return false;
        return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      };
      const slide = document.querySelector('[data-testid="presenter-slide"]')!;
      const named: [string, string][] = [
        ['question', 'h1'],
        ['respondents', '[data-testid="presenter-respondents"]'],
        ['option', '[data-testid="presenter-option"]'],
        ['option-text', '[data-testid="presenter-option-text"]'],
        ['option-mark', '[data-testid="presenter-option-mark"]'],
        ['option-bar', '[data-testid="presenter-option-bar"]'],
        ['option-count', '[data-testid="presenter-option-count"]'],
        ['option-percent', '[data-testid="presenter-option-percent"]'],
        ['option-page', '[data-testid="presenter-option-page"]'],
        ['scale-average', '[data-testid="presenter-scale-average"]'],
        ['scale-average-part', '[data-testid="presenter-scale-average"] > *'],
        ['scale-value', '[data-testid="presenter-scale-value"]'],
        ['scale-ends', '[data-testid="presenter-scale-ends"]'],
        ['cloud', '[data-testid="word-cloud-svg"]'],
      ];
      const elements = [
        { name: 'slide', box: box(slide), clipped: clipped(slide) },
        ...named.flatMap(([name, selector]) =>
          [...slide.querySelectorAll(selector)]
            .filter((el) => (el as HTMLElement).checkVisibility?.() ?? true)
            .map((el) => ({ name, box: box(el), clipped: clipped(el) })),
        ),
      ];
      const px = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize);
      return {
        viewport: { width: window.innerWidth, height: window.innerHeight },
        documentScroll: {
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
        },
        strip: box(document.querySelector('[data-testid="presenter-join-strip"]')!),
        elements,
        fontSizes: {
          question: px(slide.querySelector('h1')!),
          options: [...slide.querySelectorAll('[data-testid="presenter-option-text"]')]
            .filter((el) => (el as HTMLElement).checkVisibility())
            .map(px),
        },
      };
    });
  }

  /** The join strip's QR (the image, without its white margin) and code as drawn. */
  async joinStripSizes(): Promise<{
    qr: { width: number; height: number };
    code: string;
    codeFontSize: number;
  }> {
    await this.page.getByTestId('presenter-strip-qr').waitFor();
    return this.page.evaluate(() => {
      const qr = document.querySelector('[data-testid="presenter-strip-qr"]')!;
      const code = document.querySelector('[data-testid="presenter-join-code"]')!;
      const r = qr.getBoundingClientRect();
      return {
        qr: { width: r.width, height: r.height },
        code: code.textContent ?? '',
        codeFontSize: Number.parseFloat(getComputedStyle(code).fontSize),
      };
    });
  }
}
