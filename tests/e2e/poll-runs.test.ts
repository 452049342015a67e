import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { ResultsPage } from './pages/results-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 900 };
const app = setUpAppUnderTest();

/**
 * Issue 17: the same poll run with the next group. The reset is allowed while open; the phone
 * that voted may vote again; the results page and the 'Integridad' card follow at once.
 */
describe('running a poll again', () => {
  it('reset while open: integrity and results follow, the same phone votes again', async () => {
    const seeded = await app.seedPoll({
      title: 'Segunda clase',
      status: 'open',
      settings: { resultsPublic: true },
      questions: [{ text: '¿Te gustó?', type: 'yesno' }],
    });
    const phone = new VotePage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    await phone.vote({ '¿Te gustó?': ['Sí'] });
    const results = new ResultsPage(await app.newPage(LAPTOP), app.server.url);
    await results.goto(seeded.slug);
    await results.waitForLive();
    await results.page.getByTestId('total-votes').getByText('1 voto').waitFor();

    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const integrity = host.page.getByTestId('integrity');
    await integrity.getByText('1 voto desde 1 origen').waitFor();

    await host.dismissToasts();
    await host.resetButton().click();
    const dialog = host.page.getByRole('alertdialog');
    await dialog.getByText(/La encuesta sigue abierta/).waitFor();
    await host.confirm('Eliminar votos');
    await host.toast('Votos eliminados');
    // At once, not at the card's next 5 s refresh.
    await integrity.getByText('Todavía no hay votos.').waitFor({ timeout: 3000 });
    await results.page.getByText('Esperando respuestas...').waitFor();

    // The phone's stream brings the new run: the form is back without a reload.
    await phone.submitButton().waitFor();
    await phone.vote({ '¿Te gustó?': ['No'] });
    await results.page.getByTestId('total-votes').getByText('1 voto').waitFor();
    // A new ballot reaches the card with its regular refresh (this panel follows no stream).
    await integrity.getByText('1 voto desde 1 origen').waitFor();
    const summary = await app.api<{ totalVotes: number }>(`/polls/${seeded.slug}/summary`, {
      secret: seeded.secret,
    });
    expect(summary.totalVotes).toBe(1);
    // The flag now belongs to this run: a reload thanks.
    await phone.page.reload();
    await phone.heading('¡Gracias por participar!').waitFor();
  });

  it("'Reabrir encuesta' opens a closed poll again", async () => {
    const seeded = await app.seedPoll({
      title: 'Cerrada ayer',
      status: 'closed',
      questions: [{ text: '¿Seguimos?', type: 'yesno' }],
    });
    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    expect(await host.statusBadge().textContent()).toBe('Cerrada');
    await host.page.getByRole('button', { name: 'Reabrir encuesta' }).click();
    await host.toast('Encuesta reabierta');
    await host.page.getByRole('button', { name: 'Cerrar encuesta' }).waitFor();
    expect(await host.statusBadge().textContent()).toBe('Abierta');

    const phone = new VotePage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    await phone.vote({ '¿Seguimos?': ['Sí'] });
  });
});
