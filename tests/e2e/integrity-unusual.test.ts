import { describe, expect, it } from 'vitest';
import { HostPage } from './pages/host-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 800 };

// Rate limits off: the script's 25 cookie-less ballots all go in, each with a brand-new id.
const app = setUpAppUnderTest();

describe('discarding every unusual source from the Integridad card', () => {
  it('asks first, then removes every flagged source and keeps the rest', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de química',
      status: 'open',
      questions: [{ text: '¿Te gustó la clase?', type: 'yesno' }],
    });
    const question = seeded.poll.questions[0]!;
    // A script dropping its cookie: every ballot from a brand-new id.
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${app.server.url}/api/v1/polls/${seeded.slug}/votes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          answers: [{ questionId: question.id, optionIds: [question.options[0]!.id] }],
        }),
      });
      expect(res.status).toBe(201);
    }
    const total = async () =>
      (
        await app.api<{ totalVotes: number }>(`/polls/${seeded.slug}/summary`, {
          secret: seeded.secret,
        })
      ).totalVotes;

    const panel = await app.newPage(LAPTOP, seeded);
    const host = new HostPage(panel, app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const card = panel.getByTestId('integrity');
    await card.getByText('Inusual', { exact: true }).waitFor();
    const discardAll = card.getByRole('button', { name: 'Descartar el origen inusual' });
    await discardAll.click();
    const dialog = panel.getByRole('alertdialog');
    await dialog.getByText('¿Descartar los votos de todos los orígenes inusuales?').waitFor();
    await dialog.getByText('(25 votos en la última revisión', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(await total()).toBe(25);

    await discardAll.click();
    await panel
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Descartar votos inusuales' })
      .click();
    await host.toast('Votos descartados');
    await panel.getByText('Se descartaron 25 votos de 1 origen').waitFor();
    // Set aside, not deleted (issue 24): the card offers them back.
    await card.getByText('0 votos desde 0 orígenes').waitFor();
    await card.getByText('25 votos descartados apartados', { exact: false }).waitFor();
    expect(await discardAll.count()).toBe(0);
    expect(await total()).toBe(0);
  });
});
