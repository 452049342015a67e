import { mkdirSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Poll } from '../../src/contract/poll.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { ResultsPage } from './pages/results-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { axeViolations } from './support/axe.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';
import { HD, LONG_QUESTION, longOptions } from './support/long-content.ts';

const LAPTOP = { width: 1280, height: 900 };
const SHOTS = '/tmp/sondeo-rounds';
const app = setUpAppUnderTest();

const QUESTION = '¿Qué pesa más, un kilo de hierro o un kilo de paja?';

/** Ballots straight through the API, each a new participant (people in the room). */
async function votesFor(seeded: Seeded, optionIndexes: number[]) {
  const q = seeded.poll.questions[0]!;
  for (const i of optionIndexes) {
    await app.api(`/polls/${seeded.slug}/votes`, {
      method: 'POST',
      body: { answers: [{ questionId: q.id, optionIds: [q.options[i]!.id] }] },
    });
  }
}

/** A quiz of one question ('París' right), open, with its results public. */
async function seedQuiz(): Promise<Seeded> {
  const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
    method: 'POST',
    body: { title: 'Repaso de geografía', settings: { quiz: true, resultsPublic: true } },
  });
  const key = { slug: created.slug, secret: created.host_secret };
  await app.api(`/polls/${key.slug}/questions`, {
    method: 'POST',
    secret: key.secret,
    body: {
      text: '¿Cuál es la capital de Francia?',
      type: 'single',
      ordinal: 1,
      // Short, so answers 300 ms apart score points apart.
      timeLimitSeconds: 20,
      options: [
        { text: 'París', ordinal: 1, correct: true },
        { text: 'Madrid', ordinal: 2, correct: false },
      ],
    },
  });
  // The host's view: a quiz's options stay off the anonymous poll until its question is shown.
  return { ...key, poll: await app.setStatus(key, 'open') };
}

/** One round of the quiz over real HTTP: the host shows the question, each player (its own
 *  participant cookie) takes a nickname and answers in turn, and the host closes it. */
async function playRound(seeded: Seeded, answers: [nickname: string, right: boolean][]) {
  const q = seeded.poll.questions[0]!;
  const base = `${app.server.url}/api/v1/polls/${seeded.slug}`;
  const players: [string, boolean][] = [];
  for (const [nickname, right] of answers) {
    const res = await fetch(`${base}/me`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname }),
    });
    expect(res.status).toBe(200);
    players.push([res.headers.getSetCookie()[0]!.split(';')[0]!, right]);
  }
  await app.api(`/polls/${seeded.slug}`, {
    method: 'PATCH',
    secret: seeded.secret,
    body: { currentQuestionId: q.id },
  });
  for (const [cookie, right] of players) {
    const res = await fetch(`${base}/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        answers: [
          { questionId: q.id, optionIds: [q.options.find((o) => o.correct === right)!.id] },
        ],
      }),
    });
    expect(res.status).toBe(201);
    // Apart in time, so the faster right answer scores more.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // Every player answered: the question closes itself; the host's close makes sure of it.
  await fetch(`${base}/questions/${q.id}/close`, {
    method: 'POST',
    headers: { 'x-host-secret': seeded.secret },
  });
  await expect
    .poll(async () => (await app.api<Poll>(`/polls/${seeded.slug}`)).clock?.closedAt ?? null)
    .not.toBeNull();
}

/** The rows of a standings list as 'place name points', the medal's name included. */
const rowsOf = (list: Locator) =>
  list
    .getByTestId('quiz-standings-row')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ')));

/** Issue 27: a teacher's peer-instruction lesson, ask, discuss, ask again, and compare. */
describe('rounds', () => {
  it("round 1, 'Nueva ronda', round 2, and 'Comparar' on the projector shows both with the change", async () => {
    const seeded = await app.seedPoll({
      title: 'Física, 2.º B',
      status: 'open',
      questions: [{ text: QUESTION, options: ['El hierro', 'La paja', 'Pesan igual'] }],
    });
    // Round 1: a phone in the room and three more people; most fall for the trap.
    const phone = new VotePage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    await phone.vote({ [QUESTION]: ['El hierro'] });
    await votesFor(seeded, [0, 0, 2]);

    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await host.page.getByTestId('current-round').getByText('Ronda actual: 1').waitFor();
    await host.dismissToasts();
    await host.page.getByRole('button', { name: 'Nueva ronda' }).click();
    await host.page
      .getByRole('alertdialog')
      .getByText(/resultados de la ronda 1/)
      .waitFor();
    await host.confirm('Empezar ronda');
    await host.toast('Ronda 2 en marcha');
    await host.page.getByText('Ronda 1: 4 votos').waitFor();
    expect(await axeViolations(host.page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await host.page.getByText('Ronda actual: 2').scrollIntoViewIfNeeded();
    await host.page.screenshot({ path: `${SHOTS}/panel-1280x900.png` });

    // The phone answers again without a reload (the new run reaches it on its stream).
    await phone.submitButton().waitFor();
    await phone.vote({ [QUESTION]: ['Pesan igual'] });
    await votesFor(seeded, [2, 2, 0]);

    // The projector: 'Comparar' over the slides, round 1 against the current round 2.
    const projector = new PresenterPage(await app.newPage(PROJECTOR, seeded), app.server.url);
    await projector.goto(seeded.slug);
    await projector.page.getByRole('button', { name: 'Comparar' }).click();
    const overlay = projector.page.getByRole('dialog', { name: 'Comparar' });
    await overlay.getByRole('heading', { name: 'Ronda 1 frente a ronda 2' }).waitFor();
    const comparison = overlay.getByTestId('round-comparison');
    // 'Pesan igual': 25 % then 75 %, +50 points; 'El hierro': 75 % then 25 %.
    await comparison
      .getByRole('listitem', {
        name: 'Pesan igual: ronda 1, 25 %; ronda 2, 75 %; cambio +50 pts',
      })
      .waitFor();
    await comparison
      .getByRole('listitem', { name: 'El hierro: ronda 1, 75 %; ronda 2, 25 %; cambio −50 pts' })
      .waitFor();
    expect(await comparison.getByTestId('option-change').allTextContents()).toEqual([
      '−50 pts',
      '±0 pts',
      '+50 pts',
    ]);
    expect(await axeViolations(projector.page)).toEqual([]);
    // A new vote in the current round reaches the comparison.
    await votesFor(seeded, [2]);
    await comparison
      .getByRole('listitem', { name: /^Pesan igual: ronda 1, 25 %; ronda 2, 80 %/ })
      .waitFor();
    await projector.page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });
  });

  it('the results page picks a round and compares; every screen size, light and dark', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const seeded = await app.seedPoll({
      title: 'Biología',
      status: 'open',
      settings: { resultsPublic: true },
      questions: [
        { text: LONG_QUESTION, options: longOptions(8) },
        { text: 'Una palabra sobre la célula', type: 'text' },
        { text: '¿Cuánto lo entiendes?', type: 'scale', scale: { max: 5 } },
      ],
    });
    const [long, cloud, scale] = [...seeded.poll.questions].sort((a, b) => a.ordinal - b.ordinal);
    const ballot = async (option: number, word: string, value: number) =>
      app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: {
          answers: [
            { questionId: long!.id, optionIds: [long!.options[option]!.id] },
            { questionId: cloud!.id, text: word },
            { questionId: scale!.id, value },
          ],
        },
      });
    for (const [o, w, v] of [
      [0, 'núcleo', 2],
      [1, 'membrana', 3],
      [0, 'núcleo', 2],
    ] as const)
      await ballot(o, w, v);
    await app.api(`/polls/${seeded.slug}/rounds`, { method: 'POST', secret: seeded.secret });
    for (const [o, w, v] of [
      [3, 'mitocondria', 4],
      [3, 'ribosoma', 5],
      [7, 'mitocondria', 4],
    ] as const)
      await ballot(o, w, v);

    for (const viewport of [PHONE, PROJECTOR, HD]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await app.newPage(viewport);
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const results = new ResultsPage(page, app.server.url);
        await results.goto(seeded.slug);
        const bar = page.getByTestId('round-bar');
        await bar.waitFor();
        await bar.getByLabel('Ronda').selectOption('1');
        await page.getByTestId('archived-round').getByText('Ronda 1 · 3 votos').waitFor();
        await page.getByRole('button', { name: 'Comparar' }).click();
        await page.getByRole('heading', { name: 'Ronda 1 frente a ronda 2' }).waitFor();
        await page.getByTestId('value-pair').first().getByText('+2').waitFor();
        const name = `${viewport.width}x${viewport.height}-${colorScheme}`;
        await page.screenshot({ path: `${SHOTS}/results-${name}.png`, fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        // Nothing sideways on any screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.close();
      }
    }
    const projector = new PresenterPage(await app.newPage(PROJECTOR, seeded), app.server.url);
    await projector.goto(seeded.slug);
    await projector.page.getByRole('button', { name: 'Comparar' }).click();
    await projector.page.getByRole('heading', { name: 'Ronda 1 frente a ronda 2' }).waitFor();
    await projector.page.screenshot({ path: `${SHOTS}/projector-1920x1080.png` });
  });
  it("a quiz: round 1's podium on the results page, both podiums in the projector's 'Comparar'", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const seeded = await seedQuiz();
    await playRound(seeded, [
      ['Ana', true],
      ['Beto', true],
      ['Ceci', true],
      ['Dora', false],
    ]);
    await app.api(`/polls/${seeded.slug}/rounds`, { method: 'POST', secret: seeded.secret });
    // Players start again: round 2 has its own players and its own podium.
    await playRound(seeded, [
      ['Dora', true],
      ['Ceci', true],
      ['Eva', false],
    ]);

    for (const [viewport, colorScheme] of [
      [PHONE, 'dark'],
      [PROJECTOR, 'light'],
    ] as const) {
      const page = await app.newPage(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      const results = new ResultsPage(page, app.server.url);
      await results.goto(seeded.slug);
      await page.getByTestId('round-bar').getByLabel('Ronda').selectOption('1');
      const standings = page.getByRole('region', { name: 'Clasificación · Ronda 1' });
      await standings.waitFor();
      // Rank, nickname and points; the podium told by the medal's name (and an icon).
      expect(await rowsOf(standings)).toEqual([
        expect.stringMatching(/^1\.º Oro Ana \d+ puntos$/),
        expect.stringMatching(/^2\.º Plata Beto \d+ puntos$/),
        expect.stringMatching(/^3\.º Bronce Ceci \d+ puntos$/),
        '4.º Dora 0 puntos',
      ]);
      await page.getByTestId('archived-round').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${SHOTS}/quiz-results-${viewport.width}x${viewport.height}-${colorScheme}.png`,
        fullPage: true,
      });
      await page.close();
    }

    const projector = new PresenterPage(await app.newPage(PROJECTOR, seeded), app.server.url);
    await projector.goto(seeded.slug);
    await projector.page.getByRole('button', { name: 'Comparar' }).click();
    const overlay = projector.page.getByRole('dialog', { name: 'Comparar' });
    await overlay.getByRole('heading', { name: 'Ronda 1 frente a ronda 2' }).waitFor();
    const first = overlay.getByRole('region', { name: 'Podio · Ronda 1' });
    const second = overlay.getByRole('region', { name: 'Podio · Ronda 2' });
    await first.getByTestId('quiz-standings-row').first().waitFor();
    await second.getByTestId('quiz-standings-row').first().waitFor();
    expect(await rowsOf(first)).toEqual([
      expect.stringMatching(/^1\.º Oro Ana /),
      expect.stringMatching(/^2\.º Plata Beto /),
      expect.stringMatching(/^3\.º Bronce Ceci /),
    ]);
    expect(await rowsOf(second)).toEqual([
      expect.stringMatching(/^1\.º Oro Dora /),
      expect.stringMatching(/^2\.º Plata Ceci /),
      '3.º Bronce Eva 0 puntos',
    ]);
    // Side by side on the projector.
    const [a, b] = [await first.boundingBox(), await second.boundingBox()];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    expect(await axeViolations(projector.page)).toEqual([]);
    await projector.page.screenshot({ path: `${SHOTS}/quiz-projector-1920x1080.png` });
  });
});
