import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const app = setUpAppUnderTest();

/** Roles that must carry a name; an unnamed one shows in the ARIA snapshot as `- button` alone. */
const UNNAMED =
  /^\s*- (button|link|textbox|switch|combobox|radio|checkbox|dialog|alertdialog)( \[[^\]]*\])*:?$/m;

async function expectNamedControls(scope: Locator): Promise<void> {
  const snapshot = await scope.ariaSnapshot();
  expect(snapshot).not.toMatch(UNNAMED);
  // sonner's English defaults ('Notifications', 'Close toast') must not reach a screen reader.
  expect(snapshot).not.toMatch(/Notifications|Close toast/);
}

/** Headings start at h1 and never skip a level on the way down. */
async function expectHeadingOrder(page: Page): Promise<void> {
  const levels = await page.evaluate(() =>
    Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6'), (h) => Number(h.tagName[1])),
  );
  expect(levels[0]).toBe(1);
  for (const [i, level] of levels.entries()) {
    if (i > 0) expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
  }
}

/**
 * Presses Tab until `target` has focus (as a keyboard user would reach it), checking on the way
 * that every stop shows a visible focus outline.
 */
async function tabTo(page: Page, target: Locator, maxStops = 60): Promise<void> {
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'none';
      // A visually hidden radio shows its focus on the row (label) around it.
      const shown = el.matches('.sr-only') ? (el.closest('label') ?? el) : el;
      const style = getComputedStyle(shown);
      return el.matches(':focus-visible') ? `${style.outlineStyle} ${style.outlineWidth}` : 'none';
    });
    expect(ring, `focus ring at stop ${i + 1}`).toMatch(/^(solid|auto) [1-9]/);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

describe('accessibility (keyboard only, Chromium)', () => {
  it('creates, fills and opens a poll from the keyboard; dialogs trap focus and close on Escape', async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    await page.goto(`${app.server.url}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    const title = page.getByLabel('Título de la encuesta');
    await title.waitFor();
    await expectNamedControls(page.locator('body'));
    await expectHeadingOrder(page);

    await tabTo(page, title);
    await page.keyboard.type('Repaso sin ratón');
    await page.keyboard.press('Enter');
    const host = new HostPage(page, app.server.url);
    await host.waitForPanel();
    await expectHeadingOrder(page);

    await tabTo(page, page.getByLabel('Texto de la pregunta'));
    await page.keyboard.type('¿Color favorito?');
    await tabTo(page, page.getByRole('textbox', { name: 'Opción 1', exact: true }));
    await page.keyboard.type('Rojo');
    await tabTo(page, page.getByRole('textbox', { name: 'Opción 2', exact: true }));
    await page.keyboard.type('Azul');
    await page.keyboard.press('Enter');
    await host.toast('Pregunta creada');
    await expectNamedControls(page.locator('body'));

    // QR dialog: focus stays inside, Escape closes it and focus returns to its button.
    const qrButton = page.getByRole('button', { name: 'Mostrar código QR' });
    await qrButton.focus();
    await page.keyboard.press('Enter');
    const qr = page.getByRole('dialog', { name: 'Código QR' });
    await qr.waitFor();
    await expectNamedControls(qr);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]'))),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await qr.waitFor({ state: 'hidden' });
    // Radix moves focus back after its exit animation frame: poll instead of reading once
    // (a loaded machine showed the dialog gone a frame before the focus returned).
    await expect.poll(() => qrButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // A confirmation opens on Cancel, and Escape backs out without deleting.
    await page.getByRole('button', { name: 'Eliminar pregunta: ¿Color favorito?' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar esta pregunta?' });
    await confirm.waitFor();
    expect(
      await confirm
        .getByRole('button', { name: 'Cancelar' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await host.questionTexts()).toEqual(['¿Color favorito?']);

    await host.dismissToasts();
    const open = page.getByRole('button', { name: 'Abrir encuesta' });
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Cerrar encuesta' }).waitFor();
  });

  it('votes with the keyboard alone on a 390×844 phone', async () => {
    const seeded = await app.seedPoll({
      title: 'Votación con teclado',
      questions: [
        { text: '¿Color favorito?', options: ['Rojo', 'Azul'] },
        { text: '¿Qué lenguajes usas?', type: 'multiple', options: ['TypeScript', 'Rust'] },
      ],
      status: 'open',
    });
    const page = await app.newPage(PHONE);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(seeded.slug);
    await voter.submitButton().waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await expectNamedControls(page.locator('body'));
    await expectHeadingOrder(page);

    // Tab into the first group, arrow to 'Azul'; Tab to the checkboxes, Space ticks one.
    await tabTo(page, voter.question('¿Color favorito?').getByRole('radio', { name: 'Rojo' }));
    await page.keyboard.press('ArrowDown');
    expect(
      await voter.question('¿Color favorito?').getByRole('radio', { name: 'Azul' }).isChecked(),
    ).toBe(true);
    const rust = voter.question('¿Qué lenguajes usas?').getByRole('checkbox', { name: 'Rust' });
    await tabTo(page, rust);
    await page.keyboard.press('Space');
    expect(await rust.isChecked()).toBe(true);
    await tabTo(page, voter.submitButton());
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: '¡Gracias por participar!' }).waitFor();
    await voter.toast('¡Voto enviado!');
    await expectNamedControls(page.locator('body'));
  });
});
