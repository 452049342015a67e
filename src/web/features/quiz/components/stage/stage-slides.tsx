import { Check } from 'lucide-react';
import type { Question } from '../../../../../contract/poll.ts';
import type { SummaryQuestion } from '../../../../../contract/summary.ts';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { cn } from '../../../../lib/cn.ts';
import { byOrdinal } from '../../../../lib/order.ts';
import { tileLook } from '../../lib/tiles.ts';
import { Countdown } from '../phone/countdown.tsx';

const t = esQuiz.stage;

/**
 * Sizes are multiples of --u (the presenter's 1/100 of a 16:9 screen), floored for small ones;
 * --q shrinks them for a long question (stageScale), so 240 characters and their answers fit.
 */
export const questionSize = 'text-[max(calc(var(--u)*2.6*var(--q,1)),1.5rem)]';
const metaSize = 'text-[max(calc(var(--u)*1.6),1.125rem)]';
const optionSize = 'text-[max(calc(var(--u)*1.9*var(--q,1)),1.125rem)]';

/** The --q of a question: 1 up to 80 characters, smaller beyond (never under 32 px at 1080p). */
export function stageScale(text: string): number {
  if (text.length <= 80) return 1;
  return text.length <= 160 ? 0.82 : 0.68;
}

type HeadProps = {
  question: Question;
  respondents: number;
  /** The countdown, large in the corner, while the question runs. */
  remaining?: number | null;
  running: boolean;
};

/** The question, the number of answers so far and (while it runs) the countdown in the corner. */
export function StageHead({ question, respondents, remaining = null, running }: HeadProps) {
  return (
    <div className="flex items-start gap-[calc(var(--u)*2)]">
      <div className="flex min-w-0 flex-1 flex-col gap-[calc(var(--u)*0.5)]">
        <h1
          id="presenter-question"
          className={cn(questionSize, 'leading-tight font-extrabold [overflow-wrap:anywhere]')}
        >
          {question.text}
        </h1>
        <p
          className={cn(metaSize, 'font-semibold text-muted-foreground tabular-nums')}
          data-testid="quiz-stage-answers"
        >
          {t.answers(respondents)}
        </p>
      </div>
      {running ? (
        <Countdown
          remaining={remaining}
          limit={question.timeLimitSeconds}
          label={t.timeLeft}
          className="size-[max(calc(var(--u)*11),6rem)] shrink-0"
          numberClassName="text-[max(calc(var(--u)*5),2.5rem)]"
        />
      ) : null}
    </div>
  );
}

/** While the question runs: its answers as the phones show them, shape and letter first. */
export function StageTiles({ question }: { question: Question }) {
  const options = byOrdinal(question.options);
  if (options.length === 0) return null;
  return (
    <ul
      className={cn(
        'grid min-h-0 flex-1 auto-rows-fr gap-[calc(var(--u)*1.2)]',
        options.length > 1 && 'grid-cols-2',
      )}
      aria-label={question.text}
    >
      {options.map((option, index) => {
        const look = tileLook(index);
        return (
          <li
            key={option.id}
            className={cn(
              optionSize,
              look.colour,
              'flex min-h-0 items-center gap-[calc(var(--u)*1.2)] rounded-[calc(var(--u)*1.2)] px-[calc(var(--u)*1.6)] py-[calc(var(--u)*0.8)] font-bold text-white',
            )}
            data-testid="quiz-stage-tile"
          >
            <span className="shrink-0" aria-hidden="true">
              {look.shape}
            </span>
            <span className="shrink-0">{look.letter}</span>
            <span className="min-w-0 leading-tight [overflow-wrap:anywhere]">{option.text}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * After the close: the distribution, the correct option(s) marked by a check and the word
 * 'Correcta' (never by colour alone). A question with no correct option says it scored nothing.
 */
export function StageResults({ question }: { question: SummaryQuestion }) {
  const options = byOrdinal(question.options);
  const correct = new Set(question.correctOptionIds ?? []);
  const base = question.type === 'multiple' ? question.respondents : (question.totalAnswers ?? 0);
  if (options.length === 0 || correct.size === 0) {
    return (
      <p className={cn(metaSize, 'text-muted-foreground')} data-testid="quiz-stage-unscored">
        {t.unscored}
      </p>
    );
  }
  return (
    <ol
      className="grid min-h-0 content-start gap-[calc(var(--u)*1.2)]"
      data-testid="quiz-stage-results"
    >
      {options.map((option, index) => {
        const look = tileLook(index);
        const count = option.count ?? 0;
        const percent = base > 0 ? Math.round((count / base) * 100) : 0;
        const right = correct.has(option.id);
        return (
          <li
            key={option.id}
            className={optionSize}
            data-testid="quiz-stage-option"
            data-correct={right || undefined}
          >
            <div className="mb-[calc(var(--u)*0.3)] flex items-baseline justify-between gap-[calc(var(--u)*1.2)]">
              <span
                className={cn(
                  'flex min-w-0 items-baseline gap-[calc(var(--u)*0.6)] leading-tight [overflow-wrap:anywhere]',
                  right ? 'font-extrabold' : 'font-medium text-muted-foreground',
                )}
              >
                <span aria-hidden="true">{look.shape}</span>
                <span>{look.letter}</span>
                <span>{option.text}</span>
                {right ? (
                  <span className="inline-flex shrink-0 items-center gap-[0.25em] self-center rounded-full bg-success px-[0.5em] py-[0.1em] text-[0.8em] text-success-foreground">
                    <Check className="size-[1em]" aria-hidden="true" />
                    {t.correct}
                  </span>
                ) : null}
              </span>
              <span className="shrink-0 font-bold whitespace-nowrap tabular-nums">
                {count} · {percent}%
              </span>
            </div>
            <div
              className="h-[max(calc(var(--u)*1.4),0.75rem)] w-full overflow-hidden rounded-full bg-bar-track"
              aria-hidden="true"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-200 ease-out motion-reduce:transition-none',
                  right ? 'bg-success' : 'bg-control',
                )}
                style={{ width: `${Math.min(100, percent)}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
