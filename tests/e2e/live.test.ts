import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Poll } from '../../src/contract/poll.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { ResultsPage } from './pages/results-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';

/** Screenshots to look at after a run (not compared automatically). */
const SHOTS = '/tmp/shots';
const Q1 = '¿Lenguaje favorito?';
const Q2 = '¿Qué editor usas?';

const app = setUpAppUnderTest();

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** A private poll with two single-choice questions, in `status`. */
function seedPoll(status: Poll['status']): Promise<Seeded> {
  return app.seedPoll({
    title: 'Charla en vivo',
    settings: { resultsPublic: false },
    questions: [
      { text: Q1, options: ['TypeScript', 'Python', 'Go'] },
      { text: Q2, options: ['VS Code', 'Vim', 'Emacs'] },
    ],
    status,
  });
}

function setStatus(slug: string, secret: string, status: Poll['status']) {
  return app.setStatus({ slug, secret }, status);
}

/** One ballot from a new participant: the first option of every question. */
function voteFirstOptions({ slug, poll }: Seeded) {
  const answers = poll.questions.map((q) => ({ questionId: q.id, optionIds: [q.options[0]?.id] }));
  return app.api(`/polls/${slug}/votes`, { method: 'POST', body: { answers } });
}

function newPage(viewport: { width: number; height: number }, hostOf?: Seeded) {
  return app.newPage(viewport, hostOf);
}

/** Marks the document; the mark survives everything except a reload or navigation. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { sondeoNoReload: true }));
  return () => page.evaluate(() => 'sondeoNoReload' in window);
}

/** Counts the requests matching `pattern` and fails them, so only the stream can deliver. */
async function blockRequests(page: Page, pattern: string | RegExp): Promise<() => number> {
  let blocked = 0;
  await page.route(pattern, (route) => {
    blocked += 1;
    return route.abort();
  });
  return () => blocked;
}

describe('live results and participant pages (server-sent events)', () => {
  it('shows a vote on the projected results within 1 s with polling impossible', async () => {
    const seeded = await seedPoll('open');
    const page = await newPage(PROJECTOR, seeded);
    const summaryGets = await blockRequests(page, '**/api/v1/polls/*/summary');
    const results = new ResultsPage(page, app.server.url);
    await results.goto(seeded.slug);
    await results.waitForLive();
    await results.totalVotes().filter({ hasText: '0 votos' }).waitFor();

    for (const expected of ['1 voto', '2 votos', '3 votos']) {
      const started = Date.now();
      await voteFirstOptions(seeded);
      await results.totalVotes().filter({ hasText: expected }).waitFor({ timeout: 1000 });
      expect(Date.now() - started).toBeLessThan(1000);
    }
    // A vote from a phone in another browser context arrives the same way.
    const voter = new VotePage(await newPage(PHONE), app.server.url);
    await voter.goto(seeded.slug);
    await voter.vote({ [Q1]: ['Go'], [Q2]: ['Vim'] });
    await results.totalVotes().filter({ hasText: '4 votos' }).waitFor({ timeout: 1000 });
    expect(await results.options(Q1)).toEqual([
      { text: 'TypeScript', count: '3 votos', percent: '75%', leading: true },
      { text: 'Python', count: '0 votos', percent: '0%', leading: false },
      { text: 'Go', count: '1 voto', percent: '25%', leading: false },
    ]);
    expect(summaryGets()).toBe(0);
    await results.live().waitFor();
    await page.screenshot({ path: `${SHOTS}/results-live-1920.png` });
  });

  it('falls back to polling when the stream is blocked and still shows new votes', async () => {
    const seeded = await seedPoll('open');
    const page = await newPage(PROJECTOR, seeded);
    const streams = await blockRequests(page, '**/api/v1/polls/*/events');
    const results = new ResultsPage(page, app.server.url);
    await results.goto(seeded.slug);
    await results.totalVotes().filter({ hasText: '0 votos' }).waitFor();
    await results.waitForLive();
    await voteFirstOptions(seeded);
    // One 2.5 s polling period, plus slack for a loaded machine.
    await results.totalVotes().filter({ hasText: '1 voto' }).waitFor({ timeout: 4000 });
    await results.live().waitFor();
    expect(streams()).toBeGreaterThanOrEqual(1);
  });

  it('keeps private results private, then shows them by itself when the poll closes', async () => {
    const seeded = await seedPoll('open');
    await voteFirstOptions(seeded);
    const page = await newPage(PROJECTOR);
    const results = new ResultsPage(page, app.server.url);
    await results.goto(seeded.slug);
    await results.loadFailed().waitFor();
    await results.toast('Resultados privados');
    const sameDocument = await markDocument(page);

    await setStatus(seeded.slug, seeded.secret, 'closed');
    await results.totalVotes().filter({ hasText: '1 voto' }).waitFor({ timeout: 2000 });
    expect(await results.title().textContent()).toBe('Charla en vivo');
    expect(await sameDocument()).toBe(true);
  });

  it('switches a participant page from draft to open to closed by itself', async () => {
    const seeded = await seedPoll('draft');
    const page = await newPage(PHONE);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(seeded.slug);
    await voter.heading('Encuesta no disponible').waitFor();
    const sameDocument = await markDocument(page);
    // From here on only the stream can tell the page anything about the poll.
    const pollGets = await blockRequests(page, `**/api/v1/polls/${seeded.slug}`);

    await setStatus(seeded.slug, seeded.secret, 'open');
    await voter.submitButton().waitFor({ timeout: 2000 });
    await page.getByRole('heading', { name: 'Charla en vivo' }).waitFor();
    await voter.choose(Q1, 'Python');

    await setStatus(seeded.slug, seeded.secret, 'closed');
    await voter.heading('Encuesta finalizada').waitFor({ timeout: 2000 });
    // Closed polls show their results to everyone, so the page offers the link now.
    await page.getByRole('link', { name: 'Ver resultados' }).waitFor();
    expect(await sameDocument()).toBe(true);
    expect(pollGets()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/participant-closed-390.png` });
  });

  it('shows an edited question live and keeps the choice made on another one', async () => {
    const seeded = await seedPoll('open');
    const page = await newPage(PHONE);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(seeded.slug);
    await voter.submitButton().waitFor();
    const sameDocument = await markDocument(page);
    await voter.choose(Q1, 'Go');
    expect(await voter.progress().textContent()).toBe('1 de 2 respondidas');

    const editor = seeded.poll.questions.find((q) => q.text === Q2);
    const renamed = '¿Qué editor usas en el trabajo?';
    await app.api(`/questions/${editor?.id}`, {
      method: 'PUT',
      secret: seeded.secret,
      body: { text: renamed },
    });
    await voter.question(renamed).waitFor({ timeout: 2000 });
    expect(await voter.question(Q1).getByRole('radio', { name: 'Go' }).isChecked()).toBe(true);
    expect(await voter.progress().textContent()).toBe('1 de 2 respondidas');
    expect(await sameDocument()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/participant-edited-390.png`, fullPage: true });

    // The kept choice is really part of the ballot that goes out.
    await voter.vote({ [renamed]: ['Emacs'] });
    const summary = await app.api<{
      questions: { text: string; options: { text: string; count: number }[] }[];
    }>(`/polls/${seeded.slug}/summary`, { secret: seeded.secret });
    const counts = summary.questions.flatMap((q) =>
      q.options.filter((o) => o.count > 0).map((o) => `${q.text}: ${o.text}`),
    );
    expect(counts.sort()).toEqual([`${Q1}: Go`, `${renamed}: Emacs`]);
  });
});
