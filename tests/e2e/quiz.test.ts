import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Poll, QuestionType } from '../../src/contract/poll.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { QuizPhonePage } from './pages/quiz-phone-page.ts';
import { axeViolations } from './support/axe.ts';
import { type HostKey, setUpAppUnderTest } from './support/fixture.ts';

/** Issue 18: 'Concurso' as the room sees it, on the host's panel, the projector and phones. */
const app = setUpAppUnderTest();

type QuizQuestion = {
  text: string;
  type: QuestionType;
  options: string[];
  correct: number[];
};

const GAME: QuizQuestion[] = [
  {
    text: '¿Cuál es la capital de Francia?',
    type: 'single',
    options: ['Madrid', 'París', 'Roma', 'Lisboa'],
    correct: [1],
  },
  {
    text: '¿Qué países están en Europa?',
    type: 'multiple',
    options: ['España', 'Japón', 'Italia'],
    correct: [0, 2],
  },
  { text: '¿El Sol es una estrella?', type: 'yesno', options: ['Sí', 'No'], correct: [0] },
];

async function seedQuiz(title: string, seconds: number): Promise<HostKey & { poll: Poll }> {
  const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
    method: 'POST',
    body: { title, settings: { quiz: true } },
  });
  const key = { slug: created.slug, secret: created.host_secret };
  for (const [index, q] of GAME.entries()) {
    await app.api(`/polls/${key.slug}/questions`, {
      method: 'POST',
      secret: key.secret,
      body: {
        text: q.text,
        type: q.type,
        ordinal: index + 1,
        timeLimitSeconds: seconds,
        options: q.options.map((text, i) => ({
          text,
          ordinal: i + 1,
          correct: q.correct.includes(i),
        })),
      },
    });
  }
  const poll = await app.api<Poll>(`/polls/${key.slug}`, {
    method: 'PATCH',
    secret: key.secret,
    body: { status: 'open' },
  });
  return { ...key, poll };
}

/**
 * Light and dark pictures of a screen, looked at by a person (not compared); axe checks the
 * dark theme too (the light one is checked where the scenario stands).
 */
async function shoot(page: Page, name: string, sizes: { width: number; height: number }[]) {
  const original = page.viewportSize();
  for (const [index, size] of sizes.entries()) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `/tmp/sondeo-quiz-${name}-${size.width}-${scheme}.png` });
      if (index === 0 && scheme === 'dark') expect(await axeViolations(page)).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

const PROJECTORS = [PROJECTOR, { width: 1280, height: 720 }];

/** The seconds a timer shows, read on two screens at (nearly) the same moment. */
async function timers(a: Page, b: Page): Promise<[number, number]> {
  const read = (page: Page) => page.getByRole('timer').first().innerText().then(Number);
  return Promise.all([read(a), read(b)]);
}

/**
 * When a screen's countdown says the question ends, in real time: the ms it has left plus the
 * real moment it was read (performance's clock, which a phone's wrong wall clock does not move).
 */
async function endsAtOn(page: Page): Promise<number> {
  return page
    .getByRole('timer')
    .first()
    .evaluate((el) => {
      const left = Number((el as HTMLElement).dataset.remainingMs);
      return left + performance.timeOrigin + performance.now();
    });
}

/** A phone whose wall clock is `skewMs` off (Date.now only: what the countdown reads). */
async function skewClock(page: Page, skewMs: number): Promise<void> {
  await page.context().addInitScript((skew) => {
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() + skew;
  }, skewMs);
}

/** A player joining through the API: its own participant cookie and nickname. */
async function apiPlayer(slug: string, nickname: string): Promise<string> {
  const response = await fetch(`${app.server.url}/api/v1/polls/${slug}/me`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sondeo_pid='));
  if (!cookie) throw new Error('no participant cookie');
  return cookie.split(';')[0] ?? '';
}

async function apiAnswer(slug: string, cookie: string, questionId: number, optionId: number) {
  const response = await fetch(`${app.server.url}/api/v1/polls/${slug}/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ answers: [{ questionId, optionIds: [optionId] }] }),
  });
  expect(response.status).toBeLessThan(300);
}

/** Nothing scrolls, and the slide ends above the join strip. */
async function fitsTheScreen(presenter: PresenterPage): Promise<void> {
  const page = presenter.page;
  const [scrollHeight, innerHeight] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    window.innerHeight,
  ]);
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
  const stage = await page.getByTestId('quiz-stage').boundingBox();
  const strip = await presenter.joinStrip().boundingBox();
  expect(stage && strip && stage.y + stage.height <= strip.y + 1).toBe(true);
  // Every child of the stage lies inside it (nothing spills out of a row or a tile).
  const spilled = await page.getByTestId('quiz-stage').evaluate((root) => {
    const box = root.getBoundingClientRect();
    return Array.from(root.querySelectorAll('*'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && (r.bottom > box.bottom + 1 || r.right > box.right + 1);
      })
      .map((el) => el.outerHTML.slice(0, 120));
  });
  expect(spilled).toEqual([]);
}

describe('quiz (Concurso)', () => {
  it('the host turns on Concurso, marks the correct option and sets the time, in the form and in place', async () => {
    const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
      method: 'POST',
      body: { title: 'Repaso' },
    });
    const key = { slug: created.slug, secret: created.host_secret };
    const page = await app.newPage({ width: 1280, height: 900 }, key);
    const host = new HostPage(page, app.server.url);
    await host.goto(key.slug);
    await host.waitForPanel();

    const quizSwitch = page.getByRole('switch', { name: 'Concurso' });
    expect(await quizSwitch.getAttribute('aria-checked')).toBe('false');
    await quizSwitch.click();
    await expect.poll(() => quizSwitch.getAttribute('aria-checked')).toBe('true');

    // The form: 'Tiempo' starts at 20 s; marking one answer of a single question, then the
    // other, keeps only the second.
    await page.getByLabel('Texto de la pregunta').fill('¿Cuánto es 2 + 2?');
    await page.getByRole('textbox', { name: 'Opción 1', exact: true }).fill('3');
    await page.getByRole('textbox', { name: 'Opción 2', exact: true }).fill('4');
    const form = page.getByRole('form', { name: 'Nueva pregunta' });
    expect(await form.getByTestId('time-limit').inputValue()).toBe('20');
    await form.getByRole('button', { name: 'Respuesta correcta: 3' }).click();
    await form.getByRole('button', { name: 'Respuesta correcta: 4' }).click();
    expect(
      await form
        .getByRole('button', { name: 'Respuesta correcta: 3' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    await form.getByRole('button', { name: 'Agregar pregunta' }).click();
    await host.toast('Pregunta creada');

    const saved = async () =>
      (await app.api<Poll>(`/polls/${key.slug}`, { secret: key.secret })).questions[0];
    expect((await saved())?.timeLimitSeconds).toBe(20);
    expect((await saved())?.options.map((o) => o.correct)).toEqual([false, true]);

    // In place: another correct answer and another time, saved as they change.
    const item = page.getByTestId('question-item');
    await item.getByRole('button', { name: 'Respuesta correcta: 3' }).click();
    await host.toast('Respuesta correcta guardada');
    await expect
      .poll(async () => (await saved())?.options.map((o) => o.correct))
      .toEqual([true, false]);
    expect(
      await item
        .getByRole('button', { name: 'Respuesta correcta: 4' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    await item.getByTestId('time-limit').selectOption({ label: 'Sin límite' });
    await host.toast('Tiempo guardado');
    await expect.poll(async () => (await saved())?.timeLimitSeconds).toBe(null);
    await item.getByTestId('time-limit').selectOption({ label: '90 s' });
    await expect.poll(async () => (await saved())?.timeLimitSeconds).toBe(90);
    await host.dismissToasts();
    expect(await axeViolations(page)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await shoot(page, 'host-question', [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]);
  });

  it('a host and three phones play three questions to the podium, one phone reloading mid-question', async () => {
    const quiz = await seedQuiz('Repaso de geografía', 60);
    const presenter = new PresenterPage(await app.newPage(PROJECTOR, quiz), app.server.url);
    await presenter.goto(quiz.slug);
    await presenter.joinScreen().waitFor();

    const phones = await Promise.all(
      [0, 1, 2].map(async () => {
        const phone = new QuizPhonePage(await app.newPage(PHONE), app.server.url);
        await phone.goto(quiz.slug);
        return phone;
      }),
    );
    const [ana, bruno, carla] = phones as [QuizPhonePage, QuizPhonePage, QuizPhonePage];
    // Two phones with their clocks 30 s fast and slow (applies from their next load).
    await skewClock(bruno.page, 30_000);
    await skewClock(carla.page, -30_000);
    await Promise.all([bruno.goto(quiz.slug), carla.goto(quiz.slug)]);
    const wallClockOff = (page: Page) =>
      page.evaluate(() => Date.now() - (performance.timeOrigin + performance.now()));
    expect(await wallClockOff(bruno.page)).toBeGreaterThan(29_000);
    expect(await wallClockOff(carla.page)).toBeLessThan(-29_000);

    // 'Tu apodo': a name another player has (case folded) is refused in Spanish.
    await ana.nicknameField().waitFor();
    expect(await axeViolations(ana.page)).toEqual([]);
    await shoot(ana.page, 'phone-nickname', [PHONE]);
    await ana.join('Ana');
    await ana.playingAs().filter({ hasText: 'Juegas como Ana' }).waitFor();
    await bruno.join('ANA');
    await bruno.nicknameError().filter({ hasText: 'apodo' }).waitFor();
    await bruno.join('Bruno');
    await carla.join('Carla');
    for (const phone of phones) {
      await phone.page.getByRole('heading', { name: 'Preparados' }).waitFor();
    }

    // Question 1: off the join screen the clock starts; phones and projector count together.
    await presenter.press('ArrowRight');
    const stage = presenter.page.getByTestId('quiz-stage');
    await stage.and(presenter.page.locator('[data-phase="question"]')).waitFor();
    for (const phone of phones) await phone.question().waitFor();
    const [onPhone, onProjector] = await timers(ana.page, presenter.page);
    expect(Math.abs(onPhone - onProjector)).toBeLessThanOrEqual(1);
    expect(onPhone).toBeGreaterThan(50);
    // To the millisecond: every phone, skewed or not, ends the question within 0.5 s of the
    // projector (the redraw every 100 ms included).
    const projectorEnds = await endsAtOn(presenter.page);
    for (const phone of phones) {
      expect(Math.abs((await endsAtOn(phone.page)) - projectorEnds)).toBeLessThanOrEqual(500);
    }
    expect(await axeViolations(ana.page)).toEqual([]);
    expect(await axeViolations(presenter.page)).toEqual([]);
    await shoot(ana.page, 'phone-question', [PHONE]);
    await shoot(presenter.page, 'projector-question', PROJECTORS);

    await ana.tap('París');
    await ana.sent().waitFor();
    await bruno.tap('Madrid');
    await presenter.page
      .getByTestId('quiz-stage-answers')
      .filter({ hasText: '2 respuestas' })
      .waitFor();
    await shoot(ana.page, 'phone-sent', [PHONE]);
    // Carla does not answer: the presenter closes the question early.
    await presenter.press('Space');
    await stage.and(presenter.page.locator('[data-phase="results"]')).waitFor();
    const correctRow = presenter.page.locator('[data-testid="quiz-stage-option"][data-correct]');
    expect(await correctRow.innerText()).toContain('París');
    expect(await correctRow.innerText()).toContain('Correcta');

    await ana.result().filter({ hasText: '¡Correcto!' }).waitFor();
    const points = Number(
      (await ana.page.getByTestId('quiz-points').innerText()).replace(/\D/g, ''),
    );
    expect(points).toBeGreaterThan(500);
    expect(points).toBeLessThanOrEqual(1000);
    await ana.page.getByText('Respuesta correcta: París').waitFor();
    await ana.rank().filter({ hasText: '1.º de 3' }).waitFor();
    await bruno.result().filter({ hasText: 'Incorrecto' }).waitFor();
    await bruno.rank().filter({ hasText: '2.º de 3' }).waitFor();
    await carla.result().filter({ hasText: 'Sin respuesta' }).waitFor();
    expect(await axeViolations(ana.page)).toEqual([]);
    expect(await axeViolations(presenter.page)).toEqual([]);
    await shoot(ana.page, 'phone-result', [PHONE]);
    await shoot(bruno.page, 'phone-result-wrong', [PHONE]);
    await shoot(presenter.page, 'projector-results', PROJECTORS);

    // Next key: 'Clasificación', Ana first with her points.
    await presenter.press('ArrowRight');
    const board = presenter.page.getByTestId('quiz-leaderboard');
    await board.waitFor();
    const firstRow = presenter.page.getByTestId('quiz-leaderboard-row').first();
    await firstRow.filter({ hasText: 'Ana' }).waitFor();
    expect(await presenter.page.getByTestId('quiz-announcer').innerText()).toContain(
      'Clasificación',
    );
    expect(await axeViolations(presenter.page)).toEqual([]);
    await shoot(presenter.page, 'projector-leaderboard', PROJECTORS);

    // Question 2: Carla's phone reloads mid-question and rejoins with its name and the clock.
    await presenter.press('ArrowRight');
    await stage.and(presenter.page.locator('[data-phase="question"]')).waitFor();
    await carla.question().getByText('¿Qué países están en Europa?').waitFor();
    // A second into the question, so a phone restarting the clock would show it.
    await expect
      .poll(() => presenter.page.getByRole('timer').innerText().then(Number), { timeout: 5000 })
      .toBeLessThan(59);
    await carla.page.reload();
    await carla.page.getByTestId('quiz-phone').waitFor();
    await carla.playingAs().filter({ hasText: 'Juegas como Carla' }).waitFor();
    await carla.question().waitFor();
    const [afterReload, projectorNow] = await timers(carla.page, presenter.page);
    expect(afterReload).toBeGreaterThan(0);
    expect(afterReload).toBeLessThan(59);
    expect(Math.abs(afterReload - projectorNow)).toBeLessThanOrEqual(1);
    expect(
      Math.abs((await endsAtOn(carla.page)) - (await endsAtOn(presenter.page))),
    ).toBeLessThanOrEqual(500);
    for (const phone of [bruno, carla]) {
      await phone.tap('España');
      await phone.tap('Italia');
      await phone.page.getByRole('button', { name: 'Enviar respuesta' }).click();
      await phone.sent().waitFor();
    }
    // Bruno's phone reloads after answering: still sent, never asked again.
    await bruno.page.reload();
    await bruno.sent().waitFor();
    await ana.tap('España');
    await ana.page.getByRole('button', { name: 'Enviar respuesta' }).click();
    // Every player answered: the server closes the question without a key.
    await stage.and(presenter.page.locator('[data-phase="results"]')).waitFor();
    await carla.result().filter({ hasText: '¡Correcto!' }).waitFor();
    await ana.result().filter({ hasText: 'Incorrecto' }).waitFor();
    await ana.page.getByText('Respuestas correctas: España, Italia').waitFor();
    await presenter.press('ArrowRight');
    await board.waitFor();
    await presenter.page.getByTestId('quiz-leaderboard-moved').first().waitFor();

    // Question 3, the last: the phones' result is their final standing, then the podium.
    await presenter.press('ArrowRight');
    await stage.and(presenter.page.locator('[data-phase="question"]')).waitFor();
    await ana.tap('Sí');
    await bruno.tap('No');
    await carla.tap('Sí');
    await stage.and(presenter.page.locator('[data-phase="results"]')).waitFor();
    for (const phone of phones) {
      await phone.page.getByRole('heading', { name: 'Resultado final' }).waitFor();
      expect(await phone.rank().innerText()).toMatch(/^[1-3]\.º de 3$/);
    }
    await shoot(carla.page, 'phone-final', [PHONE]);
    await presenter.press('ArrowRight');
    await board.waitFor();
    await presenter.press('ArrowRight');
    const podium = presenter.page.getByTestId('quiz-podium');
    await podium.waitFor();
    const names = presenter.page.getByTestId('quiz-podium-name');
    await expect.poll(() => names.count()).toBe(3);
    expect((await names.allInnerTexts()).sort()).toEqual(['Ana', 'Bruno', 'Carla']);
    for (const size of await names.evaluateAll((els) =>
      els.map((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
    )) {
      expect(size).toBeGreaterThanOrEqual(48);
    }
    expect(await axeViolations(presenter.page)).toEqual([]);
    await shoot(presenter.page, 'projector-podium', PROJECTORS);
  }, 240_000);

  it('a 240-character question, long answers and a full leaderboard fit the projector at 1280×720 and 1920×1080', async () => {
    const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
      method: 'POST',
      body: { title: 'Concurso largo', settings: { quiz: true } },
    });
    const key = { slug: created.slug, secret: created.host_secret };
    const long = (start: string, length: number) =>
      `${start} ${'palabra '.repeat(60)}`.slice(0, length).trim();
    const question = await app.api<Poll['questions'][number]>(`/polls/${key.slug}/questions`, {
      method: 'POST',
      secret: key.secret,
      body: {
        text: `${long('¿Cuál de estas respuestas', 239)}?`,
        type: 'single',
        timeLimitSeconds: 120,
        options: ['A', 'B', 'C', 'D'].map((letter, i) => ({
          text: long(`Respuesta ${letter}`, 60),
          ordinal: i + 1,
          correct: i === 2,
        })),
      },
    });
    await app.api(`/polls/${key.slug}`, {
      method: 'PATCH',
      secret: key.secret,
      body: { status: 'open' },
    });
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => apiPlayer(key.slug, `Nombre muy largo núm ${i + 1}`)),
    );

    const presenter = new PresenterPage(
      await app.newPage({ width: 1280, height: 720 }, key),
      app.server.url,
    );
    await presenter.goto(key.slug);
    await presenter.joinScreen().waitFor();
    await presenter.press('ArrowRight');
    await presenter.page.locator('[data-testid="quiz-stage"][data-phase="question"]').waitFor();
    await shoot(presenter.page, 'projector-long-question', PROJECTORS);
    for (const size of PROJECTORS) {
      await presenter.page.setViewportSize(size);
      await fitsTheScreen(presenter);
    }

    const optionIds = [...question.options].sort((a, b) => a.ordinal - b.ordinal).map((o) => o.id);
    for (const [i, cookie] of players.entries()) {
      await apiAnswer(key.slug, cookie, question.id, optionIds[i % 4] ?? 0);
    }
    // Everyone answered: the server closes it.
    await presenter.page.locator('[data-testid="quiz-stage"][data-phase="results"]').waitFor();
    await shoot(presenter.page, 'projector-long-results', PROJECTORS);
    for (const size of PROJECTORS) {
      await presenter.page.setViewportSize(size);
      await fitsTheScreen(presenter);
    }

    await presenter.press('ArrowRight');
    await expect.poll(() => presenter.page.getByTestId('quiz-leaderboard-row').count()).toBe(10);
    await shoot(presenter.page, 'projector-long-leaderboard', PROJECTORS);
    for (const size of PROJECTORS) {
      await presenter.page.setViewportSize(size);
      await fitsTheScreen(presenter);
    }

    await presenter.press('ArrowRight');
    await presenter.page.getByTestId('quiz-podium').waitFor();
    await shoot(presenter.page, 'projector-long-podium', PROJECTORS);
    for (const size of PROJECTORS) {
      await presenter.page.setViewportSize(size);
      await fitsTheScreen(presenter);
    }
  }, 120_000);
});
