import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { VotePage } from './pages/vote-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/**
 * Issue 24: a phone offline said 'Enviando…' for ever. It says 'Sin conexión: se enviará al
 * volver', keeps the ballot, and sends it when the network is back.
 */
const app = setUpAppUnderTest();

describe('a phone that loses the network', () => {
  it('says so while offline and sends the ballot once back online', async () => {
    const seeded = await app.seedPoll({
      title: 'Sin red',
      questions: [{ text: '¿Llegó?', options: ['Sí', 'No'] }],
      status: 'open',
      settings: { resultsPublic: true },
    });
    const context = await app.newContext(PHONE);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const vote = new VotePage(page, app.server.url);
    await vote.goto(seeded.slug);
    await vote.choose('¿Llegó?', 'Sí');

    await context.setOffline(true);
    await vote.submitButton().click();
    await page.getByRole('button', { name: 'Sin conexión: se enviará al volver' }).waitFor();
    expect(await vote.progress().innerText()).toBe('Sin conexión: se enviará al volver');
    expect(await page.getByText('Enviando...').count()).toBe(0);

    await context.setOffline(false);
    await vote.heading('¡Gracias por participar!').waitFor();
    const summary = await app.api<{ totalVotes: number }>(`/polls/${seeded.slug}/summary`, {
      secret: seeded.secret,
    });
    expect(summary.totalVotes).toBe(1);
  });
});
