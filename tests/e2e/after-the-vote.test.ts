import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { QuizPhonePage } from './pages/quiz-phone-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/** Issue 27, part A in Chromium: 'Resultados tras votar' on phones, 'Explicación' on phones and
 *  on the projector. Screenshots go to SHOTS for a person to look at. */

const app = setUpAppUnderTest();
const SMALL_PROJECTOR = { width: 1280, height: 720 };
const SHOTS = '/tmp/i27a-shots';

// A 240-character question and eight long options: the worst a phone and a slide get.
const QUESTION =
  'Después de leer el capítulo sobre la Revolución Industrial y comentar en grupo las fuentes que trajisteis, ¿cuál de estos cambios crees que transformó más la vida diaria de las familias trabajadoras de las ciudades inglesas del siglo XIX?';
const OPTIONS = [
  'La máquina de vapor aplicada a las fábricas textiles',
  'El ferrocarril que unió las ciudades con los puertos',
  'La jornada laboral de catorce horas en los talleres',
  'El trabajo infantil en las minas de carbón del norte',
  'Las viviendas obreras sin agua corriente ni luz',
  'Los primeros sindicatos y las huelgas organizadas',
  'La escuela obligatoria para los hijos de los obreros',
  'El alumbrado de gas en las calles de los barrios',
];
const WHY =
  'La máquina de vapor movió las fábricas fuera de los ríos y llevó a millones de personas del campo a la ciudad: de ella vienen la jornada en la fábrica, las viviendas obreras y el ferrocarril. Los demás cambios fueron consecuencias suyas o respuestas a ellas.';

async function seed(settings: object = { resultsAfterVote: true }) {
  const seeded = await app.seedPoll({ title: 'Historia', settings });
  await app.api(`/polls/${seeded.slug}/questions`, {
    method: 'POST',
    secret: seeded.secret,
    body: {
      text: QUESTION,
      type: 'single',
      options: OPTIONS.map((text) => ({ text })),
      explanation: WHY,
    },
  });
  await app.setStatus(seeded, 'open');
  return seeded;
}

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe("'Resultados tras votar' and 'Explicación'", () => {
  it('a phone that answered sees the live results and the why; one that has not, nothing', async () => {
    const seeded = await seed();
    const poll = await app.api<{ questions: { id: number; options: { id: number }[] }[] }>(
      `/polls/${seeded.slug}`,
    );
    const question = poll.questions[0]!;
    // Someone else answered first: the results the phone sees are the room's, not its own.
    await app.api(`/polls/${seeded.slug}/votes`, {
      method: 'POST',
      body: { answers: [{ questionId: question.id, optionIds: [question.options[1]!.id] }] },
    });

    const silentPage = await app.newPage(PHONE);
    const silentProblems = watchConsole(silentPage);
    const silent = new VotePage(silentPage, app.server.url);
    await silent.goto(seeded.slug);

    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(seeded.slug);
    await voter.vote({ [QUESTION]: [OPTIONS[0]!] });
    const result = page.getByTestId('after-vote-result');
    await result.waitFor();
    await expect
      .poll(() => result.getByTestId('result-option-count').allTextContents())
      .toEqual(expect.arrayContaining(['1 voto']));
    await expect
      .poll(() => result.getByTestId('question-explanation').textContent())
      .toContain(WHY);

    // The phone that has not answered: the form, and no result nor explanation anywhere.
    await silent.submitButton().waitFor();
    await silentPage.waitForTimeout(3000);
    expect(await silentPage.getByTestId('after-vote-result').count()).toBe(0);
    expect(await silentPage.content()).not.toContain(WHY);
    expect(await silentPage.getByTestId('result-option-count').count()).toBe(0);
    // Nor in what the server renders for it: the page, and the results page of a private poll.
    for (const path of [`/p/${seeded.slug}`, `/r/${seeded.slug}`]) {
      const response = await silentPage.request.get(`${app.server.url}${path}`, {
        headers: { accept: 'text/html' },
      });
      const html = await response.text();
      expect(html, path).not.toContain(WHY);
      expect(html, path).not.toContain('"count"');
      expect(html, path).not.toContain('"totalAnswers"');
    }

    // Live: another answer shows without a reload.
    await app.api(`/polls/${seeded.slug}/votes`, {
      method: 'POST',
      body: { answers: [{ questionId: question.id, optionIds: [question.options[0]!.id] }] },
    });
    await expect
      .poll(() => result.getByTestId('result-option-count').allTextContents(), { timeout: 8000 })
      .toEqual(expect.arrayContaining(['2 votos']));

    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'phone-after-vote');
    expect(problems).toEqual([]);
    expect(silentProblems).toEqual([]);
  });

  it('the projector shows the why under the revealed results, not while they are hidden', async () => {
    const seeded = await seed();
    const poll = await app.api<{ questions: { id: number; options: { id: number }[] }[] }>(
      `/polls/${seeded.slug}`,
    );
    const question = poll.questions[0]!;
    await app.api(`/questions/${question.id}`, {
      method: 'PUT',
      secret: seeded.secret,
      body: { resultsHidden: true },
    });
    for (const option of [0, 0, 2]) {
      await app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: { answers: [{ questionId: question.id, optionIds: [question.options[option]!.id] }] },
      });
    }
    for (const viewport of [PROJECTOR, SMALL_PROJECTOR]) {
      const page = await app.newPage(viewport, seeded);
      const problems = watchConsole(page);
      const presenter = new PresenterPage(page, app.server.url);
      await presenter.goto(seeded.slug);
      await presenter.hidden().waitFor();
      expect(await page.getByTestId('question-explanation').count()).toBe(0);
      await app.api(`/questions/${question.id}`, {
        method: 'PUT',
        secret: seeded.secret,
        body: { resultsHidden: false },
      });
      const why = presenter.slide().getByTestId('question-explanation');
      await why.waitFor();
      expect(await why.textContent()).toContain(WHY);
      await presenter.waitForFit();
      // The explanation sits inside the slide, whole.
      const box = await why.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `projector-${viewport.width}x${viewport.height}`);
      expect(problems).toEqual([]);
      await app.api(`/questions/${question.id}`, {
        method: 'PUT',
        secret: seeded.secret,
        body: { resultsHidden: true },
      });
    }
  });

  it('the panel edits the explanation in place and turns the setting on', async () => {
    const seeded = await app.seedPoll({
      title: 'Historia',
      questions: [{ text: QUESTION, options: OPTIONS }],
    });
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const page = await app.newPage(viewport, seeded);
      const problems = watchConsole(page);
      await new HostPage(page, app.server.url).goto(seeded.slug);
      const line = page.getByRole('button', { name: /^Editar explicación: / });
      await line.waitFor();
      await line.click();
      const field = page.getByRole('textbox', { name: 'Explicación' });
      await field.fill(WHY);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `panel-editing-${viewport.width}`);
      await page.getByRole('button', { name: 'Guardar explicación' }).click();
      await page.getByRole('button', { name: `Editar explicación: ${WHY}` }).waitFor();
      const setting = page.getByRole('switch', { name: 'Resultados tras votar' });
      if ((await setting.getAttribute('aria-checked')) !== 'true') await setting.click();
      await expect.poll(() => setting.getAttribute('aria-checked')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `panel-${viewport.width}`);
      expect(problems).toEqual([]);
    }
    const poll = await app.api<{
      settings: { resultsAfterVote: boolean };
      questions: { explanation?: string | null }[];
    }>(`/polls/${seeded.slug}`, { secret: seeded.secret });
    expect(poll.settings.resultsAfterVote).toBe(true);
    expect(poll.questions[0]!.explanation).toBe(WHY);
  });

  it('in a quiz, the phone sees the room’s results and the why only once the question closed', async () => {
    const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
      method: 'POST',
      body: { title: 'Concurso', settings: { quiz: true, resultsAfterVote: true } },
    });
    const key = { slug: created.slug, secret: created.host_secret };
    const question = await app.api<{ id: number }>(`/polls/${key.slug}/questions`, {
      method: 'POST',
      secret: key.secret,
      body: {
        text: QUESTION,
        type: 'single',
        timeLimitSeconds: 60,
        options: OPTIONS.map((text, i) => ({ text, correct: i === 0 })),
        explanation: WHY,
      },
    });
    await app.setStatus(key, 'open');
    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    const phone = new QuizPhonePage(page, app.server.url);
    await phone.goto(key.slug);
    await phone.join('Ana');
    // A second player who never answers keeps the question open after Ana's answer.
    const other = await app.newPage(PHONE);
    const otherPhone = new QuizPhonePage(other, app.server.url);
    await otherPhone.goto(key.slug);
    await otherPhone.join('Bruno');
    await app.api(`/polls/${key.slug}`, {
      method: 'PATCH',
      secret: key.secret,
      body: { currentQuestionId: question.id },
    });
    await phone.question().waitFor();
    await phone.tap(OPTIONS[1]!);
    await phone.sent().waitFor();
    await page.waitForTimeout(3000);
    expect(await page.getByTestId('after-vote-result').count()).toBe(0);
    expect(await page.content()).not.toContain(WHY);
    await app.api(`/polls/${key.slug}/questions/${question.id}/close`, {
      method: 'POST',
      secret: key.secret,
    });
    await phone.result().waitFor();
    // Wrong, said by its words and icon; then the room's bars and the why.
    await expect.poll(() => phone.result().textContent()).toContain('Incorrecto');
    await expect.poll(() => phone.result().textContent()).toContain(WHY);
    const result = page.getByTestId('after-vote-result');
    await result.waitFor({ timeout: 8000 });
    await expect
      .poll(() => result.getByTestId('result-option-count').allTextContents())
      .toEqual(expect.arrayContaining(['1 voto']));
    // Said once, on the result card.
    expect(await page.getByTestId('question-explanation').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'phone-quiz-closed');
    expect(problems).toEqual([]);
  });

  it('the public results page shows the why under the results it shows', async () => {
    const seeded = await seed({ resultsPublic: true });
    const poll = await app.api<{ questions: { id: number; options: { id: number }[] }[] }>(
      `/polls/${seeded.slug}`,
    );
    const question = poll.questions[0]!;
    await app.api(`/polls/${seeded.slug}/votes`, {
      method: 'POST',
      body: { answers: [{ questionId: question.id, optionIds: [question.options[0]!.id] }] },
    });
    const page = await app.newPage({ width: 1280, height: 800 });
    const problems = watchConsole(page);
    await page.goto(`${app.server.url}/r/${seeded.slug}`);
    const why = page.getByTestId('question-explanation');
    await why.waitFor();
    expect(await why.textContent()).toContain(WHY);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'results-page');
    expect(problems).toEqual([]);
  });
});
