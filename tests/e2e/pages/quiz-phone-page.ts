import { Screen } from './screen.ts';

/** A phone playing a quiz on /p/{slug} (features/quiz/components/phone). */
export class QuizPhonePage extends Screen {
  async goto(slug: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/p/${encodeURIComponent(slug)}`);
    await this.page.locator('[data-hydrated]').waitFor({ state: 'attached' });
    await this.page.getByTestId('quiz-phone').waitFor();
  }

  readonly nicknameField = () => this.page.getByLabel('Tu apodo');
  readonly nicknameError = () => this.page.getByTestId('quiz-nickname').getByRole('alert');
  readonly playingAs = () => this.page.getByTestId('quiz-playing-as');
  readonly question = () => this.page.getByTestId('quiz-question');
  readonly countdown = () => this.page.getByRole('timer');
  readonly sent = () => this.page.getByTestId('quiz-sent');
  readonly result = () => this.page.getByTestId('quiz-result');
  readonly score = () => this.page.getByTestId('quiz-score');
  readonly rank = () => this.page.getByTestId('quiz-rank');

  async join(nickname: string): Promise<void> {
    await this.nicknameField().fill(nickname);
    await this.page.getByRole('button', { name: 'Entrar al concurso' }).click();
  }

  /** Taps the tile whose text is `text` (its accessible name is 'letter text'). */
  async tap(text: string): Promise<void> {
    await this.question()
      .getByRole('button', { name: new RegExp(` ${text}$`) })
      .click();
  }

  /** The seconds the countdown shows. */
  async secondsLeft(): Promise<number> {
    return Number(await this.countdown().innerText());
  }
}
