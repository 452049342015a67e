import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { QuizPhonePage } from './pages/quiz-phone-page.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/**
 * 'Más tiempo' in a live quiz (WCAG 2.2.1, issue 27) as the room sees it: the player the host
 * gave it counts down to twice the limit and answers after the others' time is up, and it
 * counts; a player without it cannot; the projector says 'Tiempo extra' instead of revealing.
 */
const app = setUpAppUnderTest();

const LIMIT_S = 8;

async function seedQuiz() {
  const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
    method: 'POST',
    body: { title: 'Repaso con tiempo extra', settings: { quiz: true } },
  });
  const key = { slug: created.slug, secret: created.host_secret };
  await app.api(`/polls/${key.slug}/questions`, {
    method: 'POST',
    secret: key.secret,
    body: {
      text: '¿Cuál es la capital de Francia?',
      type: 'single',
      ordinal: 1,
      timeLimitSeconds: LIMIT_S,
      options: ['Madrid', 'París', 'Roma'].map((text, i) => ({
        text,
        ordinal: i + 1,
        correct: i === 1,
      })),
    },
  });
  await app.api(`/polls/${key.slug}`, {
    method: 'PATCH',
    secret: key.secret,
    body: { status: 'open' },
  });
  return key;
}

function giveMoreTime(key: { slug: string; secret: string }, nickname: string) {
  return app.api(`/polls/${key.slug}/players/${nickname}/more-time`, {
    method: 'PUT',
    secret: key.secret,
    body: { moreTime: true },
  });
}

describe("'Más tiempo' on the live quiz phone", () => {
  it('the extended players answer after the normal limit and score; the others cannot; the projector waits with Tiempo extra', async () => {
    const quiz = await seedQuiz();
    const presenter = new PresenterPage(await app.newPage(PROJECTOR, quiz), app.server.url);
    await presenter.goto(quiz.slug);
    await presenter.joinScreen().waitFor();
    const [ana, bruno, carla] = await Promise.all(
      [0, 1, 2].map(async () => {
        const phone = new QuizPhonePage(await app.newPage(PHONE), app.server.url);
        await phone.goto(quiz.slug);
        return phone;
      }),
    );
    await ana!.join('Ana');
    await bruno!.join('Bruno');
    await carla!.join('Carla');
    for (const phone of [ana!, bruno!, carla!]) {
      await phone.page.getByRole('heading', { name: 'Preparados' }).waitFor();
    }
    // Ana got it before her phone (re)loaded; Carla's phone learns it only at the room's end.
    await giveMoreTime(quiz, 'Ana');
    await giveMoreTime(quiz, 'Carla');
    await ana!.goto(quiz.slug);
    await ana!.page.getByRole('heading', { name: 'Preparados' }).waitFor();

    await presenter.press('ArrowRight');
    const startedAt = Date.now();
    const stage = presenter.page.getByTestId('quiz-stage');
    await stage.and(presenter.page.locator('[data-phase="question"]')).waitFor();
    await ana!.question().waitFor();
    await bruno!.question().waitFor();
    // Ana's countdown runs to twice the limit from the start.
    expect(await ana!.secondsLeft()).toBeGreaterThan(LIMIT_S + 2);
    expect(await bruno!.secondsLeft()).toBeLessThanOrEqual(LIMIT_S);

    // Past the limit and its grace: Bruno's time is up, the projector waits for the others.
    await bruno!.page.getByRole('heading', { name: 'Se acabó el tiempo' }).waitFor();
    await presenter.page.getByTestId('quiz-stage-extra-time').waitFor();
    expect(Date.now() - startedAt).toBeGreaterThan(LIMIT_S * 1000);
    expect(await stage.getAttribute('data-phase')).toBe('question');
    expect(await presenter.page.getByTestId('quiz-stage-results').count()).toBe(0);
    expect(await presenter.page.getByRole('timer').getAttribute('aria-label')).toBe('Tiempo extra');
    expect(await bruno!.question().count()).toBe(0);
    expect(await axeViolations(presenter.page)).toEqual([]);

    await ana!.tap('París');
    await ana!.sent().waitFor();
    // Carla's phone asked again at the room's end and still offers the question.
    await carla!.question().waitFor();
    expect(await carla!.secondsLeft()).toBeGreaterThan(0);
    await carla!.tap('Madrid');
    await carla!.sent().waitFor();

    // The last player with extra time answered: the room sees the result at once, before
    // twice the limit, and Ana's late answer counts.
    await stage.and(presenter.page.locator('[data-phase="results"]')).waitFor();
    expect(Date.now() - startedAt).toBeLessThan(2 * LIMIT_S * 1000);
    await ana!.result().filter({ hasText: '¡Correcto!' }).waitFor();
    await carla!.result().filter({ hasText: 'Incorrecto' }).waitFor();
    await bruno!.result().filter({ hasText: 'Sin respuesta' }).waitFor();
    await ana!.rank().filter({ hasText: '1.º de 3' }).waitFor();
  });
});
