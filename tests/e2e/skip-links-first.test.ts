import { describe, expect, it } from 'vitest';
import { HostPage } from './pages/host-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/** Issue 24: the host panel's first Tab landed on the logo; the skip links come first. */
const app = setUpAppUnderTest();

describe('the host panel from the keyboard', () => {
  it.each([
    ['1280×800', { width: 1280, height: 800 }],
    ['390×844', { width: 390, height: 844 }],
  ])('puts the skip links before the logo at %s', async (_name, viewport) => {
    const seeded = await app.seedPoll({
      title: 'Teclado',
      questions: [{ text: '¿Uno?', options: ['A', 'B'] }],
    });
    const host = new HostPage(await app.newPage(viewport, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await host.page.keyboard.press('Tab');
    const first = host.page.getByRole('link', { name: 'Saltar a las preguntas' });
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await first.isVisible()).toBe(true);
    await host.page.keyboard.press('Tab');
    const second = host.page.getByRole('link', { name: 'Saltar a «Nueva pregunta»' });
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
