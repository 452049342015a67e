import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { HomePage } from './pages/home-page.ts';
import { HostPage } from './pages/host-page.ts';
import { type HostKey, setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 900 };

const app = setUpAppUnderTest();

/** A fresh browser context per scenario: its own localStorage, cookies and prompts. */
function newPage(viewport = LAPTOP, hostOf?: HostKey): Promise<Page> {
  return app.newPage(viewport, hostOf);
}

/** A poll with single-choice questions (options A and B), made through the API. */
function seedPoll(title: string, questions = ['Primera', 'Segunda', 'Tercera']) {
  return app.seedPoll({
    title,
    questions: questions.map((text) => ({ text, options: ['A', 'B'] })),
  });
}

/** Opens the panel of a seeded poll with its secret already stored in this context. */
async function openPanel(seeded: HostKey): Promise<HostPage> {
  const host = new HostPage(await newPage(LAPTOP, seeded), app.server.url);
  await host.goto(seeded.slug);
  await host.waitForPanel();
  return host;
}

describe('host panel', () => {
  it('creates a poll from home and builds its questions (phone)', async () => {
    const page = await newPage(PHONE);
    const home = new HomePage(page, app.server.url);
    await home.goto();
    await home.titleInput().fill('  Clase de hoy  ');
    await page.getByText('16/120 caracteres').waitFor();
    const slug = await home.createPoll('  Clase de hoy  ');

    const host = new HostPage(page, app.server.url);
    await host.toast('¡Encuesta creada!');
    await host.toast('Tu encuesta "Clase de hoy" está lista');
    await host.waitForPanel();
    expect(await host.title().textContent()).toBe('Clase de hoy');
    expect(await host.slugText().textContent()).toBe(slug);
    expect(await host.statusBadge().textContent()).toBe('Borrador');
    expect(Object.keys(await host.storedSecrets())).toEqual([slug]);

    await host.addQuestion('¿Color favorito?', 'single', ['Rojo', 'Verde', 'Azul']);
    await host.toast('Pregunta creada');
    await host.addQuestion('¿Qué lenguajes usas?', 'multiple', ['TS', 'Go']);
    await host.addQuestion('¿Seguimos?', 'yesno');
    expect(await host.questionTexts()).toEqual([
      '¿Color favorito?',
      '¿Qué lenguajes usas?',
      '¿Seguimos?',
    ]);
    expect(await host.optionTexts('¿Seguimos?')).toEqual(['Sí', 'No']);
    await host.question('¿Qué lenguajes usas?').getByText('Opción múltiple').waitFor();

    await host.editQuestion('¿Color favorito?', '¿Cuál es tu color favorito?');
    await host.toast('Pregunta actualizada');
    await host.editOption('¿Cuál es tu color favorito?', 'Verde', 'Violeta');
    await host.toast('Opción actualizada');
    await host.addOption('¿Qué lenguajes usas?', 'Rust');
    await host.toast('Opción agregada');
    await host.deleteOption('¿Qué lenguajes usas?', 'Go');
    await host.toast('Opción eliminada');
    await host.editTitle('Clase del lunes');
    await host.toast('Título actualizado');

    // What the server kept, not just what the page shows.
    await page.reload();
    await host.waitForPanel();
    expect(await host.title().textContent()).toBe('Clase del lunes');
    expect(await host.optionTexts('¿Cuál es tu color favorito?')).toEqual([
      'Rojo',
      'Violeta',
      'Azul',
    ]);
    expect(await host.optionTexts('¿Qué lenguajes usas?')).toEqual(['TS', 'Rust']);
    // Yes/no keeps both answers; a question is deleted only after confirming.
    expect(
      await host
        .question('¿Seguimos?')
        .getByRole('button', { name: /^Eliminar opción/ })
        .count(),
    ).toBe(0);
    await host.deleteQuestion('¿Seguimos?');
    await host.toast('Pregunta eliminada');
    expect(await host.questionTexts()).toHaveLength(2);
  });

  it('reorders questions by mouse and by keyboard, and keeps the order', async () => {
    const seeded = await seedPoll('Orden');
    const host = await openPanel(seeded);
    const { page } = host;
    expect(await host.questionTexts()).toEqual(['Primera', 'Segunda', 'Tercera']);

    await host.dragQuestion('Tercera', 'Primera');
    await host.toast('Orden actualizado');
    await expect.poll(() => host.questionTexts()).toEqual(['Tercera', 'Primera', 'Segunda']);

    await host.moveQuestionWithKeyboard('Tercera', 2);
    await expect.poll(() => host.questionTexts()).toEqual(['Primera', 'Segunda', 'Tercera']);
    // The handle keeps focus so a keyboard user can go on moving it.
    await host.moveQuestionWithKeyboard('Segunda', -1);
    await expect.poll(() => host.questionTexts()).toEqual(['Segunda', 'Primera', 'Tercera']);

    await page.reload();
    await host.waitForPanel();
    expect(await host.questionTexts()).toEqual(['Segunda', 'Primera', 'Tercera']);
    const poll = await app.api<{ questions: { text: string; ordinal: number }[] }>(
      `/polls/${seeded.slug}`,
    );
    const byOrdinal = [...poll.questions].sort((a, b) => a.ordinal - b.ordinal).map((q) => q.text);
    expect(byOrdinal).toEqual(['Segunda', 'Primera', 'Tercera']);
  });

  it('opens, closes, resets the votes and duplicates into a new panel', async () => {
    const seeded = await seedPoll('Ciclo de vida', ['¿Te gustó?']);
    const host = await openPanel(seeded);
    const { page } = host;
    // A fresh draft has no votes: a short note instead of a red 'Resetear votos'.
    await page.getByText('Todavía no hay votos que resetear.').waitFor();
    expect(await host.resetButton().count()).toBe(0);

    const publicSwitch = page.getByRole('switch', { name: 'Resultados públicos' });
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('false');
    await publicSwitch.click();
    await host.toast('Configuración actualizada');
    const saved = await app.api<{ settings: { resultsPublic: boolean } }>(`/polls/${seeded.slug}`);
    expect(saved.settings.resultsPublic).toBe(true);
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('true');

    await host.openPoll();
    await host.toast('Encuesta abierta');
    await page.getByRole('button', { name: 'Cerrar encuesta' }).waitFor();
    expect(await host.statusBadge().textContent()).toBe('Abierta');
    expect(await host.resetButton().count()).toBe(0);

    const poll = await app.api<{ questions: { id: number; options: { id: number }[] }[] }>(
      `/polls/${seeded.slug}`,
    );
    const question = poll.questions[0];
    if (!question?.options[0]) throw new Error('seeded question missing');
    await app.api(`/polls/${seeded.slug}/votes`, {
      method: 'POST',
      body: { answers: [{ questionId: question.id, optionIds: [question.options[0].id] }] },
    });

    await host.closePoll();
    await host.toast('Encuesta cerrada');
    await host.resetButton().waitFor();
    expect(await host.statusBadge().textContent()).toBe('Cerrada');
    // Closed leads back only through 'Reabrir encuesta' (issue 17), never to draft.
    expect(await page.getByRole('button', { name: /^(Abrir|Cerrar) encuesta$/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reabrir encuesta' }).waitFor();

    await host.resetVotes();
    await host.toast('Votos eliminados');
    await host.toast('Se eliminaron 1 voto');

    await host.duplicate();
    await host.toast('Encuesta duplicada');
    await page.waitForURL(
      (url) => /^\/host\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(seeded.slug),
    );
    const copySlug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await host.waitForPanel();
    expect(await host.title().textContent()).toMatch(/^Ciclo de vida/);
    expect(await host.statusBadge().textContent()).toBe('Borrador');
    expect(await host.questionTexts()).toEqual(['¿Te gustó?']);
    const secrets = await host.storedSecrets();
    expect(secrets[seeded.slug]).toBe(seeded.secret);
    expect(secrets[copySlug]).toBeTruthy();
    expect(secrets[copySlug]).not.toBe(seeded.secret);
  });

  it('asks for the code in a fresh context, unlocks through the prompt and forgets it', async () => {
    const seeded = await seedPoll('Con código', []);
    const page = await newPage();
    const host = new HostPage(page, app.server.url);
    await host.goto(seeded.slug);
    await host.accessRequired().waitFor();

    // An empty answer cancels.
    await host.unlockWithPrompt('   ');
    await host.accessRequired().waitFor();
    expect(await host.storedSecrets()).toEqual({});

    await host.unlockWithPrompt(`  ${seeded.secret}  `);
    await host.waitForPanel();
    expect(await host.storedSecrets()).toEqual({ [seeded.slug]: seeded.secret });
    await page.reload();
    await host.waitForPanel();
    // The empty questions card leads straight to the new-question field.
    await page.getByRole('button', { name: 'Escribir la primera pregunta' }).click();
    const focused = await page.evaluate(() => document.activeElement?.id ?? '');
    expect(await page.getByLabel('Texto de la pregunta').getAttribute('id')).toBe(focused);

    await host.forgetCode();
    await host.accessRequired().waitFor();
    expect(await host.storedSecrets()).toEqual({});

    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(`${app.server.url}/`);
  });

  it('shows the server message when a stored code is wrong', async () => {
    const seeded = await seedPoll('Código equivocado', ['¿Sí?']);
    // A code saved before codes were checked (or for another poll): the panel opens with it and
    // the first action says what is wrong.
    const page = await newPage(LAPTOP, { slug: seeded.slug, secret: 'no-es-el-codigo' });
    const host = new HostPage(page, app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await host.openPoll();
    const toast = await host.toast('Código de presentador incorrecto');
    expect(await toast.getAttribute('data-type')).toBe('error');
    expect(await host.statusBadge().textContent()).toBe('Borrador');
  });

  it('says when the poll does not exist, and sends /host home', async () => {
    const page = await newPage();
    await page.addInitScript(() =>
      localStorage.setItem('sondeo:host-secrets', JSON.stringify({ noexiste: 'x' })),
    );
    const host = new HostPage(page, app.server.url);
    await host.goto('noexiste');
    await host.notFound().waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(`${app.server.url}/`);

    await page.goto(`${app.server.url}/host`);
    await page.waitForURL(`${app.server.url}/`);
    await new HomePage(page, app.server.url).titleInput().waitFor();
  });

  it('shows the 404 page with the path, a link home and a way back', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${app.server.url}/`);
    await page.goto(`${app.server.url}/no-existe`);
    await page.getByText('/no-existe').waitFor();
    await page.getByRole('button', { name: 'Volver atrás' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await page.goto(`${app.server.url}/no-existe`);
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(`${app.server.url}/`);
  });
});
