import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';

const LAPTOP = { width: 1280, height: 800 };

import { PresenterPage } from './pages/presenter-page.ts';
import { HostQaCard, PhoneQaPage } from './pages/qa-page.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

// The hall of 230 questions below is seeded from this one test address: the fair share of the
// question cap (issue 25: an address holds a share of the places left) would stop it at ~50.
const app = setUpAppUnderTest({
  env: { QA_QUESTIONS_SOURCE_SHARE: '1', QA_QUESTIONS_PER_PARTICIPANT: '1000' },
});

/**
 * Issue 20 in a real browser: three phones ask and vote, the host reviews, approves, highlights
 * and marks answered, and the projector follows every step live.
 */
describe('audience Q&A', () => {
  it('three phones ask and vote; the host approves, highlights and answers; the projector follows', async () => {
    const seeded = await app.seedPoll({
      title: 'Charla de ciencia',
      settings: { qa: true, qaModerated: true },
      questions: [{ text: '¿Te gustó?', type: 'yesno' }],
      status: 'open',
    });
    const phones = await Promise.all(
      [0, 1, 2].map(async () => new PhoneQaPage(await app.newPage(PHONE), app.server.url)),
    );
    for (const phone of phones) {
      await phone.goto(seeded.slug);
      await phone.tab('Preguntas').click();
    }
    const [ana, beto, carla] = phones as [PhoneQaPage, PhoneQaPage, PhoneQaPage];

    const hostPage = await app.newPage(LAPTOP, seeded);
    await hostPage.goto(`${app.server.url}/host/${seeded.slug}`);
    const host = new HostQaCard(hostPage, app.server.url);
    await host.card().waitFor();

    const presenter = new PresenterPage(await app.newPage(PROJECTOR, seeded), app.server.url);
    await presenter.goto(seeded.slug);
    await presenter.press('a');
    await presenter.page.getByText('Aún no hay preguntas del público').waitFor();

    await ana.ask('¿Cómo hacen la fotosíntesis las plantas del desierto?', 'Ana');
    await ana.toast('se mostrará cuando la apruebe');
    // Held: its author sees it pending, nobody else does.
    await ana.question('fotosíntesis').getByText('Pendiente de revisión').waitFor();
    await beto.ask('¿Por qué el cielo es azul?');
    await host.item('fotosíntesis').waitFor();
    await host.item('cielo').waitFor();
    expect(await carla.questions().count()).toBe(0);
    // Nothing held or flagged in the pages the server renders for anyone.
    await app.api(`/polls/${seeded.slug}/qa`, {
      method: 'POST',
      body: { text: 'Qué pregunta de mierda' },
    });
    for (const path of [`/p/${seeded.slug}`, `/r/${seeded.slug}`]) {
      const html = await (await fetch(`${app.server.url}${path}`)).text();
      expect(html).not.toContain('cielo es azul');
      expect(html).not.toContain('mierda');
    }

    await host.act('fotosíntesis', 'Aprobar');
    // Issue 24: Carla's list was empty, so the first approved question simply shows.
    await carla.question('fotosíntesis').waitFor();
    expect(await carla.newQuestions().count()).toBe(0);
    await host.act('cielo', 'Aprobar');
    // Phones with a list learn of new ones as new questions, without the list jumping.
    await carla.newQuestions().click();
    await carla.question('cielo').waitFor();
    await carla.question('fotosíntesis').waitFor();

    // Votes: Carla and Ana on the sky; a second press takes Ana's back, a third gives it again.
    await carla.voteButton('cielo').click();
    await ana.newQuestions().click();
    await ana.voteButton('cielo').click();
    await ana.voteButton('cielo').click();
    await expect.poll(() => ana.voteButton('cielo').getAttribute('aria-pressed')).toBe('false');
    await ana.voteButton('cielo').click();
    await expect.poll(() => ana.voteButton('cielo').getAttribute('aria-pressed')).toBe('true');
    // Beto's phone updates the count in place.
    await beto.page.reload();
    await beto.tab('Preguntas').click();
    await beto.question('cielo').filter({ hasText: '2' }).waitFor();

    // Nothing highlighted: the projector lists the most voted first (design.md: the top five
    // fill the slide).
    await presenter.page
      .getByTestId('qa-slide-item')
      .first()
      .filter({ hasText: '¿Por qué el cielo es azul?' })
      .waitFor();

    // Highlighting the other question puts it on the projector and marks it on phones.
    // The flagged question keeps 'Pendientes' open: the host moves to 'Visibles'.
    await host.tab('Visibles').click();
    await host.act('fotosíntesis', 'Destacar');
    await presenter.page
      .getByTestId('qa-slide-highlighted')
      .filter({ hasText: 'fotosíntesis' })
      .waitFor();
    const size = await presenter.page
      .getByTestId('qa-slide-highlighted')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(48);
    await carla.question('fotosíntesis').getByText('Destacada').waitFor();

    // Answered: it moves apart on phones and leaves the highlight.
    await host.act('fotosíntesis', 'Marcar como respondida');
    await carla.page.getByRole('heading', { name: 'Respondidas' }).waitFor();
    await presenter.page.getByTestId('qa-slide-highlighted').waitFor({ state: 'detached' });
    await presenter.page
      .getByTestId('qa-slide-item')
      .first()
      .filter({ hasText: 'cielo' })
      .waitFor();
    await host.tab('Respondidas').click();
    await host.item('fotosíntesis').waitFor();

    expect(await axeViolations(carla.page)).toEqual([]);
    expect(await axeViolations(hostPage)).toEqual([]);
    expect(await axeViolations(presenter.page)).toEqual([]);
  });

  it('a hall past 200 questions: phone and host read them all with Ver más preguntas', async () => {
    const seeded = await app.seedPoll({
      title: 'Congreso',
      settings: { qa: true },
      status: 'open',
    });
    const total = 230;
    for (let i = 1; i <= total; i++) {
      await app.api(`/polls/${seeded.slug}/qa`, {
        method: 'POST',
        body: { text: `Pregunta número ${i} del congreso` },
      });
    }
    const phone = new PhoneQaPage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    await phone.tab('Preguntas').click();
    // Each step waits for its page's last item to be drawn (the page's own timeout), then
    // counts: expect.poll alone gives a read on a busy machine one second (a CI failure).
    const shows = async (count: number) => {
      await phone
        .questions()
        .nth(count - 1)
        .waitFor();
      expect(await phone.questions().count()).toBe(count);
    };
    await shows(50);
    const more = phone.page.getByRole('button', { name: 'Ver más preguntas' });
    // Before: the fourth press asked the API for 250 at once (its page is 200), a 400.
    for (const shown of [100, 150, 200, 230]) {
      await more.click();
      await shows(shown);
    }
    expect(await more.count()).toBe(0);

    const hostPage = await app.newPage(LAPTOP, seeded);
    await hostPage.goto(`${app.server.url}/host/${seeded.slug}`);
    const host = new HostQaCard(hostPage, app.server.url);
    const items = host.card().getByTestId('qa-host-question');
    // Before: the host's card read the 200 most voted and no more.
    await items.nth(199).waitFor();
    expect(await items.count()).toBe(200);
    await host.card().getByRole('button', { name: 'Ver más preguntas' }).click();
    await items.nth(total - 1).waitFor();
    expect(await items.count()).toBe(total);
    await host.item('número 1 del').first().waitFor();
  });

  it('opens on Preguntas when the poll has no questions and remembers the name', async () => {
    const seeded = await app.seedPoll({
      title: 'Solo preguntas',
      settings: { qa: true },
      status: 'open',
    });
    const phone = new PhoneQaPage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    await expect.poll(() => phone.tab('Preguntas').getAttribute('aria-selected')).toBe('true');
    await phone.ask('Una pregunta visible al momento', 'Lu');
    await phone.question('visible al momento').getByText('Lu').waitFor();
    // The name is remembered for the next question.
    expect(await phone.page.getByLabel('Tu nombre (opcional)').inputValue()).toBe('Lu');
  });
});
