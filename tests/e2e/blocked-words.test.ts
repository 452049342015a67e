import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { BlockedWordsCard } from './pages/blocked-words-card.ts';
import { HostPage } from './pages/host-page.ts';
import { ModerationPanel } from './pages/moderation-panel.ts';
import { ResultsPage } from './pages/results-page.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/** Issue 17: the host blocks words of the class's own for a poll, from the host panel. */
const app = setUpAppUnderTest();
const LAPTOP = { width: 1280, height: 800 };
const OPEN = '¿Qué te pareció la clase?';

describe("'Palabras bloqueadas'", () => {
  it('the host blocks a word: new answers with it wait for the host, old ones on request', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de hoy',
      settings: { resultsPublic: true, oneVotePerQuestion: false },
      status: 'open',
      questions: [{ text: OPEN, type: 'text' }],
    });
    const questionId = seeded.poll.questions[0]!.id;
    const answer = (text: string) =>
      app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: { answers: [{ questionId, text }] },
      });
    await answer('Qué pesado');
    await answer('Buena clase');

    const audience = new ResultsPage(await app.newPage(PHONE), app.server.url);
    await audience.goto(seeded.slug);
    await audience.waitForLive();
    expect(await audience.answerList(OPEN)).toEqual(['Buena clase', 'Qué pesado']);

    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const card = new BlockedWordsCard(host.page.getByTestId('blocked-words'));
    await card.root.getByText('No has bloqueado ninguna palabra.').waitFor();
    await card.add('pesado');
    expect(await card.words()).toEqual(['pesado']);
    expect(await axeViolations(host.page)).toEqual([]);

    // A new answer with the word, in capitals and plural, waits for the host; a clean one shows.
    await answer('PESADOS todos');
    await answer('Me gustó');
    await audience.question(OPEN).getByText('Me gustó').waitFor();
    expect(await audience.answerList(OPEN)).toEqual(['Me gustó', 'Buena clase', 'Qué pesado']);
    const panel = new ModerationPanel(host.question(OPEN).getByTestId('text-moderation'));
    await panel.open();
    await panel.answer('PESADOS todos').getByText('Oculta por el filtro').waitFor();

    // The answers already in, on request.
    await card.applyToExisting();
    await host.toast('Se ocultó 1 respuesta existente');
    await expect
      .poll(() => audience.answerList(OPEN), { timeout: 10_000 })
      .toEqual(['Me gustó', 'Buena clase']);

    // Reloaded, the list is the server's; removed, it is empty again.
    await host.page.reload();
    await host.waitForPanel();
    expect(await card.words()).toEqual(['pesado']);
    await card.remove('pesado');
    await card.root.getByText('No has bloqueado ninguna palabra.').waitFor();
  });
});
