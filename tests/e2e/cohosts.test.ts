import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { freePort } from '../helpers/server-process.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 800 };

// Two other origins (other ports), as a slide deck's site would be: one allowed, one not.
const allowedPort = await freePort();
const refusedPort = await freePort();
const app = setUpAppUnderTest({ env: { EMBED_ORIGINS: `http://127.0.0.1:${allowedPort}` } });

/**
 * Issue 28 in a real browser: the host shares moderation through a link, a co-host approves a
 * held audience question from another browser with only that link, and the embed goes into a
 * slide deck's page on an allowed origin and nowhere else.
 */
describe('co-host links', () => {
  it('a co-host approves a held question with only the moderate link', async () => {
    const seeded = await app.seedPoll({
      title: 'Charla de ciencia',
      settings: { qa: true, qaModerated: true },
      questions: [{ text: '¿Te gustó?', type: 'yesno' }],
      status: 'open',
    });
    const host = await app.newPage(LAPTOP, seeded);
    await host.goto(`${app.server.url}/host/${seeded.slug}`);
    await host.getByRole('button', { name: 'Compartir la gestión' }).click();
    const dialog = host.getByTestId('cohosts-dialog');
    await dialog.getByRole('radio', { name: /Moderar/ }).check();
    await dialog.getByLabel('Nombre del enlace').fill('Ana (moderación)');
    await dialog.getByRole('button', { name: 'Crear enlace' }).click();
    const url = await dialog.getByTestId('cohost-url').innerText();
    expect(url).toMatch(new RegExp(`/host/${seeded.slug}#moderate\\.`));
    await dialog.getByTestId('cohost-list').getByText('Ana (moderación)').waitFor();
    expect(await axeViolations(host)).toEqual([]);

    // A phone asks; moderation holds the question.
    const asked = await app.api<{ id: number; state: string }>(`/polls/${seeded.slug}/qa`, {
      method: 'POST',
      body: { text: '¿Cómo respiran las plantas de noche?' },
    });
    expect(asked.state).toBe('held');

    // Another browser, no presenter code: only the link.
    const moderator = await app.newPage(LAPTOP);
    await moderator.goto(url);
    await moderator.getByTestId('moderation-panel').waitFor();
    // The secret leaves the address bar at once.
    expect(moderator.url()).not.toContain('#');
    const item = moderator.getByTestId('qa-host-question').filter({ hasText: 'respiran' });
    await item.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect
      .poll(async () => {
        const list = await app.api<{ questions: { id: number }[] }>(`/polls/${seeded.slug}/qa`);
        return list.questions.map((q) => q.id);
      })
      .toContain(asked.id);
    // Nothing that edits, resets or deletes.
    for (const name of ['Borrar todas', 'Eliminar', 'Resetear votos', 'Agregar pregunta']) {
      expect(await moderator.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await axeViolations(moderator)).toEqual([]);

    // The host's dialog names who did it.
    await host.reload();
    await host.getByRole('button', { name: 'Compartir la gestión' }).click();
    await host.getByTestId('cohost-activity').getByText('Ana (moderación)').waitFor();

    // Revoked: the next action says so, and so does the page once reloaded.
    await host.getByRole('button', { name: 'Revocar el enlace «Ana (moderación)»' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Revocar' }).click();
    await host.getByText('Todavía no has compartido la gestión.').waitFor();
    await item.getByRole('button', { name: 'Ocultar', exact: true }).click();
    await moderator.getByText(/Este enlace de gestión ya no es válido/).waitFor();
    await moderator.reload();
    await moderator.getByRole('heading', { name: 'Este enlace ya no es válido' }).waitFor();
  });
});

function deckServer(src: string): Server {
  return createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="es"><title>Diapositivas</title>` +
        `<iframe title="Resultados" src="${src}" width="960" height="540"></iframe></html>`,
    );
  });
}

describe('/embed/ inside a slide deck', () => {
  let slug: string;
  let questionId: number;
  const servers: Server[] = [];
  beforeAll(async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de geografía',
      settings: { resultsPublic: true },
      questions: [{ text: '¿Cuál es el río más largo?', options: ['Nilo', 'Amazonas'] }],
      status: 'open',
    });
    slug = seeded.slug;
    questionId = seeded.poll.questions[0]!.id;
    for (const port of [allowedPort, refusedPort]) {
      const server = deckServer(`${app.server.url}/embed/${slug}?q=${questionId}`);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      servers.push(server);
    }
  });
  afterAll(() =>
    Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))),
  );

  const frameOf = (page: Page) => page.frames().find((f) => f !== page.mainFrame());

  it('shows the live results in a page of an allowed origin', async () => {
    const page = await app.newPage(LAPTOP);
    await page.goto(`http://127.0.0.1:${allowedPort}/`);
    await expect.poll(() => frameOf(page)?.url() ?? '').toContain(`/embed/${slug}`);
    const frame = frameOf(page)!;
    await frame.getByText('¿Cuál es el río más largo?').waitFor();
    await frame.getByTestId('embed-join').waitFor();
    // A vote arrives live.
    const poll = await app.api<{ questions: { options: { id: number }[] }[] }>(`/polls/${slug}`);
    await app.api(`/polls/${slug}/votes`, {
      method: 'POST',
      body: { answers: [{ questionId, optionIds: [poll.questions[0]!.options[0]!.id] }] },
    });
    // The leading option is marked once it has a vote.
    await frame.getByText('Más votada').first().waitFor();
  });

  it('is refused in a page of any other origin', async () => {
    const page = await app.newPage(LAPTOP);
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`http://127.0.0.1:${refusedPort}/`);
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = frameOf(page);
    expect(frame ? await frame.getByText('¿Cuál es el río más largo?').count() : 0).toBe(0);
  });

  it('hides the join box with ?join=0, shows private results as private, and is axe-clean', async () => {
    const page = await app.newPage(PHONE);
    await page.goto(`${app.server.url}/embed/${slug}?join=0`);
    await page.getByTestId('embed').waitFor();
    expect(await page.getByTestId('embed-join').count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const hidden = await app.seedPoll({
      title: 'Privada',
      questions: [{ text: '¿Sí?', type: 'yesno' }],
      status: 'open',
    });
    await page.goto(`${app.server.url}/embed/${hidden.slug}`);
    await page.getByText('Los resultados no son públicos').waitFor();
  });
});
