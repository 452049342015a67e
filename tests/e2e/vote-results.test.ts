import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { ResultsPage } from './pages/results-page.ts';
import { ShareDialog } from './pages/share-dialog.ts';
import { VotePage } from './pages/vote-page.ts';
import { type HostKey, setUpAppUnderTest } from './support/fixture.ts';

const Q1 = '¿Lenguaje favorito?';
const Q2 = '¿Qué temas te interesan?';
const Q3 = '¿Recomendarías la charla?';

// The tests of this file follow one poll through its life; a voter comes back in a later test.
const app = setUpAppUnderTest({ keepContexts: true });
let poll: HostKey;

/** A separate browser context per person: own cookies, sessionStorage and localStorage. */
function newPage(viewport = PHONE, hostSecretFor?: HostKey): Promise<Page> {
  return app.newPage(viewport, hostSecretFor);
}

beforeAll(async () => {
  // Set up through the API: this file tests the participant and results screens, not the panel.
  poll = await app.seedPoll({
    title: 'Charla de los jueves',
    settings: { resultsPublic: false },
    questions: [
      { text: Q1, type: 'single', options: ['TypeScript', 'Python', 'Go'] },
      { text: Q2, type: 'multiple', options: ['Testing', 'Rendimiento', 'Accesibilidad'] },
      { text: Q3, type: 'yesno' },
    ],
  });
});

describe('participant and results pages', () => {
  let firstVoter: VotePage;

  it('shows a draft poll as not available yet', async () => {
    const voter = new VotePage(await newPage(), app.server.url);
    await voter.goto(poll.slug);
    await voter.heading('Encuesta no disponible').waitFor();
  });

  it('three people vote from their phones', async () => {
    await app.api(`/polls/${poll.slug}`, {
      method: 'PATCH',
      secret: poll.secret,
      body: { status: 'open' },
    });
    const ballots = [
      { [Q1]: ['TypeScript'], [Q2]: ['Testing', 'Accesibilidad'], [Q3]: ['Sí'] },
      { [Q1]: ['Python'], [Q2]: ['Testing'], [Q3]: ['Sí'] },
      { [Q1]: ['TypeScript'], [Q2]: ['Rendimiento', 'Testing'], [Q3]: ['No'] },
    ];
    const voters = await Promise.all(
      ballots.map(async () => new VotePage(await newPage(), app.server.url)),
    );
    [firstVoter] = voters as [VotePage];

    // The first voter checks the form's rules on the way.
    const first = voters[0] as VotePage;
    await first.goto(poll.slug);
    await first.submitButton().waitFor();
    expect(await first.submitButton().isDisabled()).toBe(true);
    expect(await first.progress().textContent()).toBe('0 de 3 respondidas');
    const noScroll = await first.page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(noScroll).toBe(true);

    // The third phone is on flaky Wi-Fi: the server stores its ballot but the answer is lost.
    // The page retries with the same Idempotency-Key and must be told "stored", not "already
    // voted", and the ballot must count once (the totals below say 3).
    const flaky = voters[2] as VotePage;
    const keys: string[] = [];
    await flaky.page.route('**/api/v1/polls/*/votes', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        await route.fetch();
        await route.abort('failed');
      } else {
        await route.continue();
      }
    });

    for (const [index, voter] of voters.entries()) {
      if (index > 0) await voter.goto(poll.slug);
      await voter.vote(ballots[index] as Record<string, string[]>);
      // Read the first voter's toast while it is up: it goes after sonner's 4 s, and on a busy
      // machine the two other phones took longer than that to vote (issue 17: this waited for
      // a toast that had already gone, twice in a row).
      if (index === 0) {
        await first.toast('¡Voto enviado!');
        await first.toast('Se registraron 3 respuestas');
      }
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Thank-you survives a reload in the same session, with no way to send again.
    await first.page.reload();
    await first.heading('¡Gracias por participar!').waitFor();
    expect(await first.submitButton().count()).toBe(0);
  });

  it('shows the thanks again after its session flag is gone: the server knows this browser', async () => {
    await firstVoter.clearSession();
    await firstVoter.page.reload();
    // The participant cookie gives this browser away (GET …/me): no form the server would refuse.
    await firstVoter.heading('¡Gracias por participar!').waitFor();
    expect(await firstVoter.submitButton().count()).toBe(0);
  });

  it('keeps private results from a participant', async () => {
    const results = new ResultsPage(await newPage(), app.server.url);
    await results.goto(poll.slug);
    await results.loadFailed().waitFor();
    await results.toast('Resultados privados');
  });

  it('shows the host the counts, percents, order and leader', async () => {
    const results = new ResultsPage(await newPage(PROJECTOR, poll), app.server.url);
    await results.goto(poll.slug);
    await results.waitForLive();
    expect(await results.title().textContent()).toBe('Charla de los jueves');
    expect(await results.totalVotes().textContent()).toBe('3 votos');
    expect(await results.options(Q1)).toEqual([
      { text: 'TypeScript', count: '2 votos', percent: '67%', leading: true },
      { text: 'Python', count: '1 voto', percent: '33%', leading: false },
      { text: 'Go', count: '0 votos', percent: '0%', leading: false },
    ]);
    // Multiple choice: shares of the 3 people who answered it, so the column passes 100 %.
    expect(await results.options(Q2)).toEqual([
      { text: 'Testing', count: '3 de 3 personas', percent: '100%', leading: true },
      { text: 'Rendimiento', count: '1 de 3 personas', percent: '33%', leading: false },
      { text: 'Accesibilidad', count: '1 de 3 personas', percent: '33%', leading: false },
    ]);
    expect(await results.options(Q3)).toEqual([
      { text: 'Sí', count: '2 votos', percent: '67%', leading: true },
      { text: 'No', count: '1 voto', percent: '33%', leading: false },
    ]);
    // The stream is up, so the page is pushed, not polled, and says so.
    await results.page.getByText('Actualizado en vivo').waitFor();
    await results.page.getByRole('button', { name: 'Ocultar porcentajes' }).click();
    expect((await results.options(Q1)).map((o) => o.percent)).toEqual([null, null, null]);

    // A new vote reaches the open page.
    const late = new VotePage(await newPage(), app.server.url);
    await late.goto(poll.slug);
    await late.vote({ [Q1]: ['Go'], [Q2]: ['Accesibilidad'], [Q3]: ['No'] });
    await results.page.getByTestId('total-votes').filter({ hasText: '4 votos' }).waitFor();
  });

  it('shows a closed poll as finished to participants', async () => {
    await app.api(`/polls/${poll.slug}`, {
      method: 'PATCH',
      secret: poll.secret,
      body: { status: 'closed' },
    });
    const voter = new VotePage(await newPage(), app.server.url);
    await voter.goto(poll.slug);
    await voter.heading('Encuesta finalizada').waitFor();
    expect(await voter.submitButton().count()).toBe(0);
  });

  it('downloads the QR code as a 512 px PNG and as SVG', async () => {
    const page = await newPage(PROJECTOR, poll);
    await page.goto(`${app.server.url}/host/${poll.slug}`);
    const share = new ShareDialog(page);
    await share.open();
    expect(await share.link().textContent()).toMatch(new RegExp(`^https?://[^/]+/p/${poll.slug}$`));

    const png = await share.downloadPng();
    expect(png.name).toBe(`qr-encuesta-${poll.slug}.png`);
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // IHDR: width and height, big-endian, right after the chunk header.
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([512, 512]);

    const svg = await share.downloadSvg();
    expect(svg.name).toBe(`qr-encuesta-${poll.slug}.svg`);
    expect(svg.bytes.toString('utf8')).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    await share.close();
  });
});
