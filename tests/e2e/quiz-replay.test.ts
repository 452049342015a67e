import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Poll } from '../../src/contract/poll.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { QuizPhonePage } from './pages/quiz-phone-page.ts';
import { axeViolations } from './support/axe.ts';
import { type HostKey, setUpAppUnderTest } from './support/fixture.ts';

/**
 * Issue 24: a quiz played, reset from the panel and played again from the projector's keys
 * with new players; issue 25: the host renames and removes a player, and the projector's
 * leaderboard follows.
 */
const app = setUpAppUnderTest();

const GAME = [
  { text: '¿Cuál es la capital de Francia?', options: ['Madrid', 'París'], correct: 1 },
  { text: '¿Cuántas patas tiene una araña?', options: ['Ocho', 'Seis'], correct: 0 },
];

async function seedQuiz(title: string): Promise<HostKey & { poll: Poll }> {
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
        type: 'single',
        ordinal: index + 1,
        timeLimitSeconds: 120,
        options: q.options.map((text, i) => ({ text, ordinal: i + 1, correct: i === q.correct })),
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

const phase = (presenter: PresenterPage, name: string) =>
  presenter.page.locator(`[data-testid="quiz-stage"][data-phase="${name}"]`).waitFor();

const leaderboardNames = (page: Page) => page.getByTestId('quiz-leaderboard-name').allInnerTexts();

/** One question from the projector's keys: started, answered by every phone (which closes it),
 *  then its results and the leaderboard. */
async function playQuestion(
  presenter: PresenterPage,
  answers: [QuizPhonePage, string][],
  start: () => Promise<void>,
): Promise<void> {
  await start();
  await phase(presenter, 'question');
  for (const [phone, option] of answers) {
    await phone.question().waitFor();
    await phone.tap(option);
    await phone.sent().or(phone.result()).first().waitFor();
  }
  await phase(presenter, 'results');
  await presenter.press('ArrowRight');
  await phase(presenter, 'leaderboard');
}

describe('a quiz played again', () => {
  it('played, reset from the panel, and played again from the projector with new players', async () => {
    const quiz = await seedQuiz('Repaso para dos grupos');
    const presenter = new PresenterPage(await app.newPage(PROJECTOR, quiz), app.server.url);
    await presenter.goto(quiz.slug);
    await presenter.joinScreen().waitFor();
    const phone = async () => {
      const p = new QuizPhonePage(await app.newPage(PHONE), app.server.url);
      await p.goto(quiz.slug);
      return p;
    };
    const [ana, beto] = await Promise.all([phone(), phone()]);
    await ana.join('Ana');
    await beto.join('Beto');
    for (const p of [ana, beto])
      await p.page.getByRole('heading', { name: 'Preparados' }).waitFor();

    // First group: both questions to the podium.
    await playQuestion(
      presenter,
      [
        [ana, 'París'],
        [beto, 'Madrid'],
      ],
      () => presenter.press('ArrowRight'),
    );
    // The stage shows the leaderboard's phase first and its rows once the standings arrive.
    await expect.poll(() => leaderboardNames(presenter.page)).toEqual(['Ana', 'Beto']);
    await playQuestion(
      presenter,
      [
        [ana, 'Ocho'],
        [beto, 'Seis'],
      ],
      () => presenter.press('ArrowRight'),
    );
    await presenter.press('ArrowRight');
    await presenter.page.getByTestId('quiz-podium').waitFor();
    await ana.page.getByTestId('quiz-rank').filter({ hasText: '1.º de 2' }).waitFor();

    // The host resets from the panel (confirmed).
    const host = new HostPage(
      await app.newPage({ width: 1280, height: 900 }, quiz),
      app.server.url,
    );
    await host.goto(quiz.slug);
    await host.waitForPanel();
    await host.page.getByRole('button', { name: 'Resetear votos' }).click();
    await host.confirm('Borrar y empezar de nuevo');
    await host.toast('Concurso reiniciado');

    // The projector, never reloaded, is back on the join screen; the phones on 'Tu apodo'.
    await presenter.joinScreen().waitFor();
    for (const p of [ana, beto]) await p.nicknameField().waitFor();

    // Second group: a new phone takes the name 'Ana'; Ana's phone plays as Dani.
    const carla = await phone();
    await carla.join('Ana');
    await carla.playingAs().filter({ hasText: 'Juegas como Ana' }).waitFor();
    await ana.join('Dani');
    await ana.playingAs().filter({ hasText: 'Juegas como Dani' }).waitFor();

    // 'Pregunta siguiente' starts the first question again.
    await playQuestion(
      presenter,
      [
        [carla, 'París'],
        [ana, 'Madrid'],
      ],
      () => presenter.page.getByRole('button', { name: 'Pregunta siguiente' }).click(),
    );
    expect(await presenter.page.getByTestId('presenter-position').innerText()).toContain('1');
    await expect.poll(() => leaderboardNames(presenter.page)).toEqual(['Ana', 'Dani']);
    // Nobody of the last group, and nobody moved: a first question has no earlier rank.
    expect(await presenter.page.getByTestId('quiz-leaderboard-moved').count()).toBe(0);
    await carla.rank().filter({ hasText: '1.º de 2' }).waitFor();
    await ana.rank().filter({ hasText: '2.º de 2' }).waitFor();

    // Issue 25: the host renames Dani and the projector's leaderboard follows; then removes
    // her (confirmed) and her phone asks for a nickname again.
    await host.dismissToasts();
    const players = host.page.getByTestId('quiz-players');
    await players.getByText('Dani').waitFor();
    expect(await axeViolations(host.page)).toEqual([]);
    await host.page.getByRole('button', { name: 'Cambiar el apodo de Dani' }).click();
    await host.page.getByLabel('Nuevo apodo para Dani').fill('Daniela');
    // The rename's own 'Guardar' (a quiz's panel has others, the homework dates').
    await host.page
      .locator('form', { has: host.page.getByLabel('Nuevo apodo para Dani') })
      .getByRole('button', { name: 'Guardar' })
      .click();
    await host.toast('Apodo cambiado');
    await presenter.page
      .getByTestId('quiz-leaderboard-name')
      .filter({ hasText: 'Daniela' })
      .waitFor();
    await host.dismissToasts();
    await host.page.getByRole('button', { name: 'Quitar a Daniela' }).click();
    await host.confirm('Quitar jugador');
    await host.toast('Jugador quitado');
    await expect.poll(() => leaderboardNames(presenter.page)).toEqual(['Ana']);
    await players.getByText('Daniela').waitFor({ state: 'detached' });

    // The next question: the removed phone is asked for a nickname again when it answers.
    await presenter.press('ArrowRight');
    await phase(presenter, 'question');
    await ana.question().waitFor();
    await ana.tap('Ocho');
    await ana.nicknameField().waitFor();
  });

  it('a quiz with no votes but a spent question offers the reset, and reopening asks first', async () => {
    const quiz = await seedQuiz('Pregunta gastada');
    const first = quiz.poll.questions[0]!;
    // → pressed before anyone joined: the first question ran and closed with no answers.
    await app.api(`/polls/${quiz.slug}`, {
      method: 'PATCH',
      secret: quiz.secret,
      body: { currentQuestionId: first.id },
    });
    await app.api(`/polls/${quiz.slug}/questions/${first.id}/close`, {
      method: 'POST',
      secret: quiz.secret,
    });
    const host = new HostPage(
      await app.newPage({ width: 1280, height: 900 }, quiz),
      app.server.url,
    );
    await host.goto(quiz.slug);
    await host.waitForPanel();
    expect(await host.page.getByText('Todavía no hay votos que resetear.').count()).toBe(0);
    await host.page.getByRole('button', { name: 'Resetear votos' }).click();
    await host.confirm('Borrar y empezar de nuevo');
    await host.toast('Concurso reiniciado');
    const after = await app.api<Poll>(`/polls/${quiz.slug}`, { secret: quiz.secret });
    expect(after).toMatchObject({ currentQuestionId: null, clock: null, resetCount: 1 });

    await app.setStatus(quiz, 'closed');
    await host.page.reload();
    await host.waitForPanel();
    await host.page.getByRole('button', { name: 'Reabrir encuesta' }).click();
    const dialog = host.page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: '¿Reabrir el concurso?' }).waitFor();
    await host.confirm('Reabrir y empezar de nuevo');
    await host.toast('Encuesta reabierta');
    const reopened = await app.api<Poll>(`/polls/${quiz.slug}`, { secret: quiz.secret });
    expect(reopened).toMatchObject({ status: 'open', resetCount: 2 });
  });
});
