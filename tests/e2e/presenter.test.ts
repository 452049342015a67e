import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { Poll } from '../../src/contract/poll.ts';
import type { Summary } from '../../src/contract/summary.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { axeViolations } from './support/axe.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';

const app = setUpAppUnderTest();

const THREE_QUESTIONS = [
  { text: '¿Qué lenguaje prefieres?', options: ['TypeScript', 'Python', 'Go'] },
  {
    text: '¿Qué temas repasamos?',
    type: 'multiple' as const,
    options: ['Tipos', 'Tests', 'Git', 'Docker'],
  },
  { text: '¿Te gustó la clase?', type: 'yesno' as const },
];

async function presenterOn(seeded: Seeded, viewport = PROJECTOR): Promise<PresenterPage> {
  const page = await app.newPage(viewport, seeded);
  const presenter = new PresenterPage(page, app.server.url);
  await presenter.goto(seeded.slug);
  return presenter;
}

async function voteThroughApi(seeded: Seeded, pick: (q: Poll['questions'][number]) => number[]) {
  await fetch(`${app.server.url}/api/v1/polls/${seeded.slug}/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      answers: seeded.poll.questions.map((q) => ({ questionId: q.id, optionIds: pick(q) })),
    }),
  });
}

async function noVerticalScroll(page: Page): Promise<void> {
  const [scrollHeight, innerHeight] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    window.innerHeight,
  ]);
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
}

describe('presenter view', () => {
  it('starts on the join screen, whose QR decodes to the participation link, with people counted live', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase',
      questions: THREE_QUESTIONS,
      status: 'open',
    });
    const presenter = await presenterOn(seeded);
    await presenter.joinScreen().waitFor();
    await presenter.connected().filter({ hasText: '0 personas conectadas' }).waitFor();
    // The join code, grouped for reading aloud.
    const code = seeded.poll.joinCode;
    await presenter
      .joinScreen()
      .getByText(`${code.slice(0, 3)} ${code.slice(3)}`)
      .waitFor();

    const qr = presenter.joinQr();
    const box = await qr.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(PROJECTOR.height * 0.4);
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const link = new URL(decoded!.data);
    expect(link.pathname).toBe(`/p/${seeded.slug}`);
    // The same address is written out, without the scheme.
    await presenter.page.getByText(`${link.host}/p/${seeded.slug}`, { exact: true }).waitFor();

    // A phone opening the participation page is counted within the coalescing window.
    const phone = new VotePage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    await presenter.connected().filter({ hasText: '1 persona conectada' }).waitFor();
    await phone.page.close();
    await presenter.connected().filter({ hasText: '0 personas conectadas' }).waitFor();
  });

  it('shows one question at a time at 1920×1080 without scrolling, moved by keys', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase',
      settings: { resultsPublic: true },
      questions: THREE_QUESTIONS,
      status: 'open',
    });
    await voteThroughApi(seeded, (q) => [q.options[0]!.id]);
    const presenter = await presenterOn(seeded);
    await presenter.slide().waitFor();
    await presenter.waitForPosition('1 / 3');
    await expect(presenter.question().textContent()).resolves.toBe('¿Qué lenguaje prefieres?');
    await noVerticalScroll(presenter.page);
    const sizes = await presenter.page.evaluate(() => ({
      question: Number.parseFloat(getComputedStyle(document.querySelector('h1')!).fontSize),
      option: Number.parseFloat(
        getComputedStyle(document.querySelector('[data-testid="presenter-option"]')!).fontSize,
      ),
    }));
    expect(sizes.question).toBeGreaterThanOrEqual(48);
    expect(sizes.option).toBeGreaterThanOrEqual(32);
    await expect(presenter.options().first().getAttribute('data-leading')).resolves.toBe('true');
    await presenter.joinStrip().waitFor();

    for (const [key, position] of [
      ['ArrowRight', '2 / 3'],
      ['PageDown', '3 / 3'],
      ['PageUp', '2 / 3'],
      ['ArrowLeft', '1 / 3'],
      ['End', '3 / 3'],
      ['Home', '1 / 3'],
      [' ', '2 / 3'],
    ] as const) {
      await presenter.press(key === ' ' ? 'Space' : key);
      await presenter.waitForPosition(position);
      await noVerticalScroll(presenter.page);
    }

    await presenter.press('q');
    await presenter.joinScreen().waitFor();
    await noVerticalScroll(presenter.page);
    await presenter.press('q');
    await presenter.slide().waitFor();
    const code = seeded.poll.joinCode;
    await expect(presenter.page.getByTestId('presenter-join-code').textContent()).resolves.toBe(
      `${code.slice(0, 3)} ${code.slice(3)}`,
    );

    // H hides the question on show: the answers are counted, no chart, and nobody without the
    // code gets its counts any more; H again reveals them.
    const second = seeded.poll.questions[1]!.id;
    const publicCounts = async () => {
      const summary = await app.api<Summary>(`/polls/${seeded.slug}/summary`);
      return summary.questions.find((q) => q.id === second)!;
    };
    expect((await publicCounts()).options[0]!.count).toBe(1);
    await presenter.press('h');
    await presenter.hidden().getByText('Resultados ocultos').waitFor();
    await presenter.hidden().getByText('1 respuesta', { exact: true }).waitFor();
    await expect(presenter.options().count()).resolves.toBe(0);
    const hidden = await publicCounts();
    expect(hidden.hidden).toBe(true);
    expect(hidden.options.every((o) => o.count === undefined)).toBe(true);
    expect(hidden.respondents).toBe(1);
    await presenter.press('h');
    await presenter.options().first().waitFor();
    expect((await publicCounts()).options[0]!.count).toBe(1);

    await presenter.press('?');
    await presenter.help().waitFor();
    await presenter.help().getByText('Pantalla para unirse (QR y código)').waitFor();
    await presenter.press('Escape');
    await presenter.help().waitFor({ state: 'hidden' });
  });

  it('has no serious or critical axe violations on the slide, the join screen and the help, light and dark', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase',
      questions: THREE_QUESTIONS,
      status: 'open',
    });
    await voteThroughApi(seeded, (q) => [q.options.at(-1)!.id]);
    for (const colorScheme of ['light', 'dark'] as const) {
      const presenter = await presenterOn(seeded);
      await presenter.page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await presenter.slide().waitFor();
      expect(await axeViolations(presenter.page)).toEqual([]);
      await presenter.press('q');
      await presenter.joinScreen().waitFor();
      expect(await axeViolations(presenter.page)).toEqual([]);
      await presenter.press('?');
      await presenter.help().waitFor();
      expect(await axeViolations(presenter.page)).toEqual([]);
      await presenter.page.close();
    }
  });

  it('announces results politely, not on every vote', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase',
      questions: THREE_QUESTIONS,
      status: 'open',
    });
    await voteThroughApi(seeded, (q) => [q.options[0]!.id]);
    const presenter = await presenterOn(seeded);
    const region = presenter.page.getByTestId('presenter-announcer');
    await expect(region.getAttribute('aria-live')).resolves.toBe('polite');
    await presenter.page.waitForFunction(
      () => document.querySelector('[data-testid="presenter-announcer"]')?.textContent !== '',
    );
    const first = await region.textContent();
    expect(first).toContain('1 persona respondió');
    // Three more votes within the quiet time: the region does not change at once…
    for (let i = 0; i < 3; i++) await voteThroughApi(seeded, (q) => [q.options[1]!.id]);
    await presenter.page
      .getByTestId('presenter-respondents')
      .filter({ hasText: '4 personas' })
      .waitFor();
    expect(await region.textContent()).toBe(first);
    // …and says the last state once it is over.
    await presenter.page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="presenter-announcer"]')
          ?.textContent?.includes('4 personas'),
      undefined,
      { timeout: 8000 },
    );
  });
});

describe('presenter pace', () => {
  it('moves two phones with the presenter within a second; an answered question is not asked again', async () => {
    const seeded = await app.seedPoll({
      title: 'Al ritmo',
      settings: { presenterPace: true },
      questions: THREE_QUESTIONS,
      status: 'open',
    });
    const presenter = await presenterOn(seeded);
    const phones = await Promise.all(
      [0, 1].map(async () => {
        const phone = new VotePage(await app.newPage(PHONE), app.server.url);
        await phone.goto(seeded.slug);
        return phone;
      }),
    );
    await presenter.press('ArrowRight'); // off the join screen: question 1, set as current
    await presenter.waitForPosition('1 / 3');
    for (const phone of phones) {
      await phone.question('¿Qué lenguaje prefieres?').waitFor();
      await expect(phone.page.getByRole('group').count()).resolves.toBe(1);
    }
    await phones[0]!.choose('¿Qué lenguaje prefieres?', 'Python');
    await phones[0]!.page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await phones[0]!.page.getByText('Respuesta enviada').waitFor();

    const moved = Date.now();
    await presenter.press('ArrowRight');
    await Promise.all(
      phones.map((phone) => phone.question('¿Qué temas repasamos?').waitFor({ timeout: 1000 })),
    );
    expect(Date.now() - moved).toBeLessThan(1000);

    // Back to question 1: the phone that answered it is not asked again; the other one is.
    await presenter.press('ArrowLeft');
    await phones[0]!.page.getByText('Respuesta enviada').waitFor();
    await phones[1]!.question('¿Qué lenguaje prefieres?').waitFor();

    // Reopened after answering (a second scan of the QR): still not asked again.
    await phones[0]!.page.reload();
    await phones[0]!.page.getByText('Respuesta enviada').waitFor();

    // A late joiner sees the current question.
    const late = new VotePage(await app.newPage(PHONE), app.server.url);
    await late.goto(seeded.slug);
    await late.question('¿Qué lenguaje prefieres?').waitFor();
    const summary = await app.api<Summary>(`/polls/${seeded.slug}/summary`, {
      secret: seeded.secret,
    });
    expect(summary.questions[0]!.respondents).toBe(1);
  });
});
