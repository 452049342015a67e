import type { Locator } from 'playwright-core';
import type { QuestionType } from '../../../src/contract/poll.ts';
import { HOST_SECRETS_KEY } from '../support/fixture.ts';
import { Screen } from './screen.ts';

/** The host panel /host/{slug} and its gate screens. */
export class HostPage extends Screen {
  async goto(slug: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/host/${encodeURIComponent(slug)}`);
  }

  // Screens
  readonly accessRequired = () => this.page.getByRole('heading', { name: 'Acceso requerido' });
  readonly notFound = () => this.page.getByRole('heading', { name: 'Encuesta no encontrada' });
  readonly title = () => this.page.getByRole('heading', { level: 1 });
  readonly statusBadge = () => this.page.locator('[data-status]').first();
  readonly slugText = () => this.page.getByTestId('poll-slug');

  async waitForPanel(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Preguntas', exact: true }).waitFor();
  }

  /** Answers the browser prompt with `code` and clicks 'Ingresar código'. */
  async unlockWithPrompt(code: string): Promise<void> {
    this.page.once('dialog', (dialog) => void dialog.accept(code));
    await this.page.getByRole('button', { name: 'Ingresar código' }).click();
  }

  readonly forgetButton = () =>
    this.page.getByRole('main').getByRole('button', { name: 'Olvidar código' });

  /** 'Olvidar código' asks first; this confirms. */
  async forgetCode(): Promise<void> {
    await this.forgetButton().click();
    await this.confirm('Olvidar código');
  }

  /** Opens a presenter link (`/host/{slug}#codigo=…`). */
  async gotoPresenterLink(slug: string, code: string): Promise<void> {
    await this.page.goto(
      `${this.baseUrl}/host/${encodeURIComponent(slug)}#codigo=${encodeURIComponent(code)}`,
    );
  }

  async storedSecrets(): Promise<Record<string, string>> {
    const raw = await this.page.evaluate((key) => localStorage.getItem(key), HOST_SECRETS_KEY);
    return raw ? (JSON.parse(raw) as Record<string, string>) : {};
  }

  /**
   * Closes every toast. On a laptop they sit bottom-right, over the lower cards of the right
   * column, and spread out when the pointer passes: clear them before clicking there.
   */
  async dismissToasts(): Promise<void> {
    await this.page.evaluate(() => {
      for (const button of document.querySelectorAll<HTMLButtonElement>(
        '[data-sonner-toast] [data-close-button]',
      )) {
        button.click();
      }
    });
    await this.page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'));
  }

  // Title
  async editTitle(next: string): Promise<void> {
    await this.page.getByRole('button', { name: /^Editar título: / }).click();
    await this.page.getByRole('textbox', { name: 'Editar título' }).fill(next);
    await this.page.keyboard.press('Enter');
  }

  // Questions
  readonly questionItems = () => this.page.getByTestId('question-item');

  question(text: string): Locator {
    return this.questionItems().filter({
      has: this.page.getByRole('button', { name: `Editar pregunta: ${text}`, exact: true }),
    });
  }

  dragHandle(text: string): Locator {
    return this.page.getByRole('button', {
      name: `Arrastrar para reordenar: ${text}`,
      exact: true,
    });
  }

  /** Question texts in the order shown. */
  async questionTexts(): Promise<string[]> {
    const labels = await this.questionItems()
      .getByRole('button', { name: /^Editar pregunta: / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.replace(/^Editar pregunta: /, ''));
  }

  async optionTexts(questionText: string): Promise<string[]> {
    const labels = await this.question(questionText)
      .getByRole('button', { name: /^Editar opción: / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.replace(/^Editar opción: /, ''));
  }

  async addQuestion(text: string, type: QuestionType, options: string[] = []): Promise<void> {
    const before = await this.questionItems().count();
    await this.page.getByLabel('Texto de la pregunta').fill(text);
    await this.page.getByLabel('Tipo de pregunta').selectOption(type);
    for (const [index, option] of options.entries()) {
      const input = this.page.getByRole('textbox', { name: `Opción ${index + 1}`, exact: true });
      if ((await input.count()) === 0) {
        await this.page.getByRole('button', { name: 'Agregar opción', exact: true }).last().click();
      }
      await input.fill(option);
    }
    await this.page.getByRole('button', { name: 'Agregar pregunta' }).click();
    await this.questionItems().nth(before).waitFor();
  }

  async editQuestion(oldText: string, newText: string): Promise<void> {
    await this.page
      .getByRole('button', { name: `Editar pregunta: ${oldText}`, exact: true })
      .click();
    await this.page.getByRole('textbox', { name: 'Editar pregunta' }).fill(newText);
    await this.page.keyboard.press('Enter');
  }

  async editOption(questionText: string, oldText: string, newText: string): Promise<void> {
    const question = this.question(questionText);
    await question.getByRole('button', { name: `Editar opción: ${oldText}`, exact: true }).click();
    await question.getByRole('textbox', { name: 'Editar opción' }).fill(newText);
    await this.page.keyboard.press('Enter');
  }

  async addOption(questionText: string, text: string): Promise<void> {
    await this.page
      .getByRole('textbox', { name: `Nueva opción para «${questionText}»` })
      .fill(text);
    await this.page.keyboard.press('Enter');
  }

  async deleteOption(questionText: string, text: string): Promise<void> {
    await this.question(questionText)
      .getByRole('button', { name: `Eliminar opción: ${text}`, exact: true })
      .click();
    await this.confirm('Eliminar opción');
  }

  async deleteQuestion(text: string): Promise<void> {
    await this.page
      .getByRole('button', { name: `Eliminar pregunta: ${text}`, exact: true })
      .click();
    await this.confirm('Eliminar pregunta');
  }

  /** Resolves once the reorder request has been answered and the cards have settled. */
  private async reorderSettled(action: () => Promise<void>): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/questions/reorder'));
    await action();
    await answered;
    // dnd-kit animates the cards into place (about 250 ms); measure them only afterwards.
    await this.page.waitForTimeout(300);
  }

  /** Drags one question's handle onto another question with the mouse. */
  async dragQuestion(fromText: string, toText: string): Promise<void> {
    await this.reorderSettled(() => this.drag(fromText, toText));
  }

  private async drag(fromText: string, toText: string): Promise<void> {
    const from = await this.dragHandle(fromText).boundingBox();
    const to = await this.question(toText).boundingBox();
    if (!from || !to) throw new Error('Question not visible');
    const startX = from.x + from.width / 2;
    const startY = from.y + from.height / 2;
    await this.page.mouse.move(startX, startY);
    await this.page.mouse.down();
    // Past the 4 px activation distance first, then glide to the target's centre.
    await this.page.mouse.move(startX, startY + (to.y > from.y ? 10 : -10), { steps: 3 });
    await this.page.mouse.move(startX, to.y + to.height / 2, { steps: 15 });
    await this.page.mouse.up();
  }

  /** Focus a handle, Space, arrows, Space: the keyboard path of the design brief. */
  async moveQuestionWithKeyboard(text: string, steps: number): Promise<void> {
    await this.reorderSettled(() => this.keyboardMove(text, steps));
  }

  private async keyboardMove(text: string, steps: number): Promise<void> {
    const texts = await this.questionTexts();
    const total = texts.length;
    let position = texts.indexOf(text) + 1;
    await this.dragHandle(text).focus();
    await this.page.keyboard.press('Space');
    await this.announced(`Tomaste la pregunta «${text}», en la posición ${position} de ${total}.`);
    const key = steps > 0 ? 'ArrowDown' : 'ArrowUp';
    for (let i = 0; i < Math.abs(steps); i++) {
      await this.page.keyboard.press(key);
      position += Math.sign(steps);
      await this.announced(
        `La pregunta «${text}» está ahora en la posición ${position} de ${total}.`,
      );
    }
    await this.page.keyboard.press('Space');
    await this.announced(`Soltaste la pregunta «${text}» en la posición ${position} de ${total}.`);
  }

  /**
   * Waits for dnd-kit's screen-reader live region to say `message`: each key press is done
   * once it is announced, and the Spanish announcements get checked on the way.
   */
  private async announced(message: string): Promise<void> {
    await this.page.waitForFunction(
      (expected) =>
        Array.from(document.querySelectorAll('[id^="DndLiveRegion"]')).some(
          (region) => region.textContent === expected,
        ),
      message,
    );
    // The sensor scrolls the card into view smoothly; let it land before the next key.
    await this.page.waitForTimeout(150);
  }

  // Status and actions
  async openPoll(): Promise<void> {
    await this.dismissToasts();
    await this.page.getByRole('button', { name: 'Abrir encuesta' }).click();
  }

  async closePoll(): Promise<void> {
    await this.dismissToasts();
    await this.page.getByRole('button', { name: 'Cerrar encuesta' }).click();
  }

  readonly resetButton = () => this.page.getByRole('button', { name: 'Resetear votos' });

  async resetVotes(): Promise<void> {
    await this.dismissToasts();
    await this.resetButton().click();
    await this.confirm('Eliminar votos');
  }

  async duplicate(): Promise<void> {
    await this.dismissToasts();
    await this.page.getByRole('button', { name: 'Duplicar encuesta' }).click();
  }

  /** Opens a scale question's settings (its pencil line), fills them and saves. */
  async editScale(
    questionText: string,
    scale: { max: 5 | 10; minLabel: string; maxLabel: string },
  ): Promise<void> {
    const item = this.question(questionText);
    await item.getByRole('button', { name: /^Editar escala: / }).click();
    await item.getByText(`De 1 a ${scale.max}`, { exact: true }).click();
    await item.getByLabel('Etiqueta del 1 (opcional)').fill(scale.minLabel);
    await item.getByLabel(`Etiqueta del ${scale.max} (opcional)`).fill(scale.maxLabel);
    await item.getByRole('button', { name: 'Guardar escala' }).click();
  }

  async confirm(label: string): Promise<void> {
    const dialog = this.page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: label, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
