import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Poll } from '../../src/contract/poll.ts';
import { HostPage } from './pages/host-page.ts';
import { type HostKey, setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 900 };

const app = setUpAppUnderTest();

async function openPanel(seeded: HostKey): Promise<HostPage> {
  const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
  await host.goto(seeded.slug);
  await host.waitForPanel();
  return host;
}

/**
 * Holds the answer of the next POST …/questions: the server has stored the question, but the
 * page hears of it only when `release` is called. Meanwhile the test lets the page learn of the
 * question another way (a refetch, a live frame), the ordering a busy machine produces.
 */
async function holdQuestionCreate(page: Page) {
  let release: () => Promise<void> = async () => {};
  const stored = new Promise<void>((resolve) => {
    void page.route(
      (url) => /\/api\/v1\/polls\/[^/]+\/questions$/.test(url.pathname),
      async (route: Route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        release = () => route.fulfill({ response });
        resolve();
      },
      { times: 1 },
    );
  });
  return { stored, release: () => release() };
}

async function serverQuestions(key: HostKey) {
  return (await app.api<Poll>(`/polls/${key.slug}`)).questions.map((q) => q.text);
}

describe('every question exactly once in the panel (issue 17)', () => {
  it('a refetch that lands before the create call answers does not list the question twice', async () => {
    const seeded = await app.seedPoll({ title: 'Primera clase' });
    const host = await openPanel(seeded);
    const held = await holdQuestionCreate(host.page);

    await host.page.getByLabel('Texto de la pregunta').fill('¿Qué es la fotosíntesis?');
    await host.page.getByRole('textbox', { name: 'Opción 1', exact: true }).fill('Luz');
    await host.page.getByRole('button', { name: 'Agregar pregunta' }).click();
    await held.stored;
    // The teacher comes back to the tab: TanStack refetches the poll, which has the question.
    const refetched = host.page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/v1/polls/${seeded.slug}`,
    );
    await host.page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await refetched;
    await host.question('¿Qué es la fotosíntesis?').waitFor();
    await held.release();
    await host.toast('Pregunta creada');

    expect(await host.questionTexts()).toEqual(['¿Qué es la fotosíntesis?']);
    expect(await serverQuestions(seeded)).toEqual(['¿Qué es la fotosíntesis?']);

    // Deleting it removes the one card, and a reload agrees with the server.
    await host.deleteQuestion('¿Qué es la fotosíntesis?');
    await host.toast('Pregunta eliminada');
    expect(await host.questionItems().count()).toBe(0);
    expect(await serverQuestions(seeded)).toEqual([]);
  });

  it('a live poll frame that carries the question before the create call answers does not double it', async () => {
    // An open-text question makes the panel follow the host's live stream.
    const seeded = await app.seedPoll({
      title: 'Con nube',
      questions: [{ text: '¿Una palabra?', type: 'text' }],
    });
    const host = await openPanel(seeded);
    const held = await holdQuestionCreate(host.page);

    await host.page.getByLabel('Texto de la pregunta').fill('¿Seguimos?');
    await host.page.getByLabel('Tipo de pregunta').selectOption('yesno');
    await host.page.getByRole('button', { name: 'Agregar pregunta' }).click();
    await held.stored;
    // The frame the server broadcast after storing it puts the question in the list first.
    await host.question('¿Seguimos?').waitFor();
    await held.release();
    await host.toast('Pregunta creada');

    expect(await host.questionTexts()).toEqual(['¿Una palabra?', '¿Seguimos?']);
    await host.page.reload();
    await host.waitForPanel();
    expect(await host.questionTexts()).toEqual(['¿Una palabra?', '¿Seguimos?']);
  });
});
