import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOTS_DIR;

// Limits on, with a burst of 25 ballots per (address, poll) and a token every 10 s after it:
// everything here comes from 127.0.0.1, the test's stuffing script and the browsers alike.
const app = setUpAppUnderTest({
  keepContexts: true,
  env: { RATE_LIMITS: 'on', BALLOT_BURST: '25', BALLOT_RATE_PER_S: '0.1' },
});

describe('ballot stuffing, as the participant and the host see it', () => {
  it('a ballot refused by the limits waits, says so, and goes in; the host sees the source and discards it', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de historia',
      status: 'open',
      questions: [{ text: '¿Te gustó la clase?', type: 'yesno' }],
    });
    const question = seeded.poll.questions[0]!;
    // A participant opens the page before the flood.
    const voter = new VotePage(await app.newPage(PHONE), app.server.url);
    await voter.goto(seeded.slug);
    await voter.submitButton().waitFor();

    // A script drops its cookie and sends ballots as fast as it can: the burst goes in.
    const stuffed = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${app.server.url}/api/v1/polls/${seeded.slug}/votes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            answers: [{ questionId: question.id, optionIds: [question.options[0]!.id] }],
          }),
        }).then((r) => r.status),
      ),
    );
    // The burst, and a refilled token if the machine is slow.
    const inFirst = stuffed.filter((s) => s === 201).length;
    expect(inFirst).toBeGreaterThanOrEqual(25);
    expect(inFirst).toBeLessThanOrEqual(26);
    const total = inFirst + 1;

    // The student's ballot meets an empty bucket: the page says so in words, then sends it.
    await voter.submit({ '¿Te gustó la clase?': ['No'] });
    await voter
      .progress()
      .getByText(
        /Mucha gente está votando a la vez desde tu red\. Tu voto se enviará solo en \d+ segundos?/,
      )
      .waitFor();
    if (SHOTS) await voter.page.screenshot({ path: `${SHOTS}/vote-429-390.png` });
    await voter.heading('¡Gracias por participar!').waitFor({ timeout: 25_000 });
    const summary = await app.api<{ totalVotes: number }>(`/polls/${seeded.slug}/summary`, {
      secret: seeded.secret,
    });
    expect(summary.totalVotes).toBe(total);

    // The host's card shows the source, flagged, with the reason in words.
    const panel = await app.newPage(LAPTOP, seeded);
    const host = new HostPage(panel, app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const card = panel.getByTestId('integrity');
    await card.getByText(`${total} votos desde 1 origen`).waitFor();
    await card.getByText('Inusual', { exact: true }).waitFor();
    await card
      .getByText(
        new RegExp(
          `^${total} votos desde un mismo origen en \\d+ s; \\d+ de ellos desde navegadores que acababan de llegar`,
        ),
      )
      .waitFor();
    await card.getByText(/votos? rechazados? por llegar demasiados a la vez/).waitFor();
    if (SHOTS) {
      for (const [name, viewport] of Object.entries({
        390: PHONE,
        1280: LAPTOP,
        1920: PROJECTOR,
      })) {
        await panel.setViewportSize(viewport);
        await card.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: `${SHOTS}/integrity-${name}.png`, fullPage: true });
      }
      await panel.setViewportSize(LAPTOP);
    }

    // Nothing of it on the results page.
    const results = await app.newPage(LAPTOP, seeded);
    await results.goto(`${app.server.url}/r/${seeded.slug}`);
    await results.getByText(`${total} votos`).first().waitFor();
    expect(await results.getByText(/origen|Integridad/i).count()).toBe(0);

    // Discard, behind a confirmation: Cancel keeps everything, confirming removes the votes.
    const discard = card.getByRole('button', { name: /Descartar votos de este origen/ });
    await discard.click();
    const dialog = panel.getByRole('alertdialog');
    await dialog.getByText('¿Descartar los votos de este origen?').waitFor();
    await dialog.getByText(`Se apartarán los ${total} votos`, { exact: false }).waitFor();
    if (SHOTS) await panel.screenshot({ path: `${SHOTS}/integrity-confirm-1280.png` });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(
      (
        await app.api<{ totalVotes: number }>(`/polls/${seeded.slug}/summary`, {
          secret: seeded.secret,
        })
      ).totalVotes,
    ).toBe(total);
    await discard.click();
    await panel.getByRole('alertdialog').getByRole('button', { name: 'Descartar votos' }).click();
    await host.toast('Votos descartados');
    await card.getByText('0 votos desde 0 orígenes').waitFor();
    await results.getByText('0 votos').first().waitFor();

    // Issue 24: the discarded votes are set aside; 'Restaurar' brings them back everywhere.
    const setAside = card.getByTestId('set-aside');
    await setAside.getByText(`${total} votos descartados apartados`, { exact: false }).waitFor();
    await setAside.getByRole('button', { name: 'Restaurar' }).click();
    await host.toast(`Se restauraron ${total} votos`);
    await card.getByText(`${total} votos desde 1 origen`).waitFor();
    await results.getByText(`${total} votos`).first().waitFor();
    expect(await card.getByTestId('set-aside').count()).toBe(0);

    // Discarded again and emptied ('Vaciar', confirmed): nothing is left to restore.
    await discard.click();
    await panel.getByRole('alertdialog').getByRole('button', { name: 'Descartar votos' }).click();
    await setAside.getByRole('button', { name: 'Vaciar' }).click();
    await panel
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Vaciar descartados' })
      .click();
    await host.toast(`Se eliminaron ${total} votos descartados`);
    await card.getByTestId('set-aside').waitFor({ state: 'detached' });
    await results.getByText('0 votos').first().waitFor();
  });
});
