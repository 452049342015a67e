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

describe('two panel tabs (issue 24)', () => {
  it('a question deleted in one tab while the other is typing in it: the typing tab says so and keeps the text', async () => {
    // An open-text question makes the panel follow the host's live stream.
    const seeded = await app.seedPoll({
      title: 'Dos pestañas',
      questions: [
        { text: '¿Una palabra?', type: 'text' },
        { text: '¿Color favorito?', type: 'single', options: ['Rojo', 'Azul'] },
      ],
    });
    const typing = await openPanel(seeded);
    const deleting = await openPanel(seeded);

    await typing.page
      .getByRole('button', { name: 'Editar pregunta: ¿Color favorito?', exact: true })
      .click();
    const editor = typing.page.getByRole('textbox', { name: 'Editar pregunta' });
    await editor.pressSequentially(' de verdad');

    await deleting.deleteQuestion('¿Color favorito?');
    await deleting.toast('Pregunta eliminada');

    const notice = typing.page.getByRole('alert', { name: 'Otra pestaña eliminó esta pregunta' });
    await notice.waitFor();
    expect(await notice.getByRole('textbox', { name: 'Texto que escribiste' }).inputValue()).toBe(
      '¿Color favorito? de verdad',
    );
    expect(await typing.questionTexts()).toEqual(['¿Una palabra?']);

    await notice.getByRole('button', { name: 'Volver a agregarla' }).click();
    await typing.question('¿Color favorito? de verdad').waitFor();
    await notice.waitFor({ state: 'detached' });
    expect(await typing.optionTexts('¿Color favorito? de verdad')).toEqual(['Rojo', 'Azul']);
    const stored = await app.api<Poll>(`/polls/${seeded.slug}`);
    expect(stored.questions.map((q) => q.text)).toEqual([
      '¿Una palabra?',
      '¿Color favorito? de verdad',
    ]);
  });
});
