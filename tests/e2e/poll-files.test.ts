import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { downloadedBytes } from '../helpers/browser.ts';
import { HomePage } from './pages/home-page.ts';
import { HostPage } from './pages/host-page.ts';
import { ImportDialog } from './pages/import-dialog.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const app = setUpAppUnderTest();
const LAPTOP = { width: 1280, height: 720 };
/** Set to a folder to keep the dialog's screenshots (phone, laptop, full HD; light and dark). */
const SHOTS = process.env.POLL_FILES_SHOTS;

describe('poll files (issue 28)', () => {
  it("imports Kahoot's XLSX template from the home page: report, panel, 'Mis encuestas'", async () => {
    const page = await app.newPage(LAPTOP);
    const home = new HomePage(page, app.server.url);
    await home.goto();
    await page.getByRole('button', { name: 'Crear desde archivo' }).click();
    const dialog = new ImportDialog(page, app.server.url);
    await dialog.dialog().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.importFile('kahoot-quiz.xlsx');
    const report = dialog.report();
    await report.getByText('Línea 12: falta la respuesta correcta').waitFor();
    await expect(report.textContent()).resolves.toContain(
      'Línea 14: la respuesta correcta 3 está vacía',
    );
    await page.getByRole('heading', { name: '4 preguntas importadas' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.openPoll();
    const host = new HostPage(page, app.server.url);
    await host.waitForPanel();
    await page.getByText('¿Quién pintó la Mona Lisa?').first().waitFor();
    await page
      .getByText('¿Cuál es el océano más profundo? <el de la fosa de las Marianas>')
      .first()
      .waitFor();
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(Object.keys(await host.storedSecrets())).toContain(slug);
    // Stored as a created poll's code is: 'Mis encuestas' lists it.
    await home.goto();
    await page.getByRole('heading', { name: 'Mis encuestas' }).waitFor();
    await page.getByText('kahoot-quiz').first().waitFor();
  });

  it.each(['light', 'dark'] as const)(
    'imports a GIFT file from the panel and exports the poll as Sondeo JSON (%s)',
    async (scheme) => {
      const seeded = await app.seedPoll({
        title: 'Clase de ciencias',
        questions: [{ text: '¿Te gusta la astronomía?', type: 'yesno' }],
      });
      const page = await app.newPage(LAPTOP, seeded);
      await page.emulateMedia({ colorScheme: scheme });
      const host = new HostPage(page, app.server.url);
      await host.goto(seeded.slug);
      await host.waitForPanel();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar encuesta' }).click(),
      ]);
      expect(file.suggestedFilename()).toBe('Clase de ciencias.sondeo.json');
      const exported = JSON.parse((await downloadedBytes(file)).toString('utf8'));
      expect(exported).toMatchObject({ sondeo: 1, title: 'Clase de ciencias' });
      expect(exported.questions[0]).toMatchObject({
        type: 'yesno',
        text: '¿Te gusta la astronomía?',
      });

      await host.dismissToasts();
      await page.getByRole('button', { name: 'Importar encuesta' }).click();
      const dialog = new ImportDialog(page, app.server.url);
      await dialog.dialog().waitFor();
      await page
        .getByText('Formato del texto')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await dialog.dialog().getByRole('tab', { name: 'Pegar preguntas' }).click();
      await dialog.dialog().getByText('Formato del texto').click();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.dialog().getByRole('tab', { name: 'Desde un archivo' }).click();
      await dialog.importFile('moodle-quiz.gift');
      await dialog
        .report()
        .getByText('Línea 28: pregunta de respuesta corta: Sondeo no corrige respuestas escritas')
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.openPoll();
      expect(page.url()).not.toContain(seeded.slug);
      await host.waitForPanel();
      await page.getByText('¿Cuál es el planeta más grande del sistema solar?').first().waitFor();
      await page.getByText('El agua hierve a _____ grados a nivel del mar.').first().waitFor();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'moodle-quiz',
      );
    },
  );

  it("imports Kahoot's XLSX template from the panel too", async () => {
    // The "Done when": both files from the panel (the home page's import is above).
    const seeded = await app.seedPoll({
      title: 'Clase de historia',
      questions: [{ text: '¿Te gusta la historia?', type: 'yesno' }],
    });
    const page = await app.newPage(LAPTOP, seeded);
    const host = new HostPage(page, app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await page.getByRole('button', { name: 'Importar encuesta' }).click();
    const dialog = new ImportDialog(page, app.server.url);
    await dialog.dialog().waitFor();
    await dialog.importFile('kahoot-quiz.xlsx');
    await dialog.report().getByText('Línea 12: falta la respuesta correcta').waitFor();
    await page.getByRole('heading', { name: '4 preguntas importadas' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.openPoll();
    expect(page.url()).not.toContain(seeded.slug);
    await host.waitForPanel();
    await page.getByText('¿Quién pintó la Mona Lisa?').first().waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'kahoot-quiz',
    );
  });

  it('pasted questions without a mistake open the new panel at once', async () => {
    const page = await app.newPage({ width: 390, height: 844 });
    await new HomePage(page, app.server.url).goto();
    await page.getByRole('button', { name: 'Crear desde archivo' }).click();
    const dialog = new ImportDialog(page, app.server.url);
    await page.getByRole('dialog').getByLabel('Título (opcional)').fill('Repaso rápido');
    await dialog.paste(
      '¿Capital de Francia?\nA) Lyon\n*B) París\n\nAbierta: ¿Qué repasamos mañana?',
    );
    await page.waitForURL(/\/host\/[^/]+$/);
    await new HostPage(page, app.server.url).waitForPanel();
    await page.getByText('¿Qué repasamos mañana?').first().waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Repaso rápido',
    );
  });

  it.runIf(SHOTS)('screenshots of the dialogs', async () => {
    mkdirSync(SHOTS as string, { recursive: true });
    const sizes = {
      phone: { width: 390, height: 844 },
      laptop: LAPTOP,
      hd: { width: 1920, height: 1080 },
    };
    for (const [name, viewport] of Object.entries(sizes)) {
      for (const scheme of ['light', 'dark'] as const) {
        const seeded = await app.seedPoll({
          title: 'Capturas',
          questions: [{ text: '¿Sí?', type: 'yesno' }],
        });
        const page = await app.newPage(viewport, seeded);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${app.server.url}/`);
        await page.getByRole('button', { name: 'Crear desde archivo' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/home-${name}-${scheme}.png` });
        await page.getByRole('button', { name: 'Crear desde archivo' }).click();
        const dialog = new ImportDialog(page, app.server.url);
        await dialog.dialog().getByRole('tab', { name: 'Pegar preguntas' }).click();
        await dialog.dialog().getByText('Formato del texto').click();
        await page.screenshot({ path: `${SHOTS}/paste-${name}-${scheme}.png` });
        await dialog.dialog().getByRole('tab', { name: 'Desde un archivo' }).click();
        await dialog.importFile('moodle-quiz.gift');
        await dialog.report().waitFor();
        await page.screenshot({ path: `${SHOTS}/report-${name}-${scheme}.png` });
        await page.goto(`${app.server.url}/host/${seeded.slug}`);
        await page
          .getByRole('heading', { name: 'Archivo de la encuesta' })
          .scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/panel-${name}-${scheme}.png` });
        await page.close();
      }
    }
  });
});
