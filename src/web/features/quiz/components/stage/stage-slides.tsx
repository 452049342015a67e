import { Check } from 'lucide-react';
import type { Question } from '../../../../../contract/poll.ts';
import type { SummaryQuestion } from '../../../../../contract/summary.ts';
import { MathText } from '../../../../components/math-text.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { cn } from '../../../../lib/cn.ts';
import { byOrdinal } from '../../../../lib/order.ts';
import { TileShape } from '../../../../question-types/choice/tile-shape.tsx';
import { tileLook } from '../../../../question-types/choice/tiles.ts';
import { traitsOf } from '../../../../question-types/registry.ts';
import { Countdown } from '../phone/countdown.tsx';
import { StageNumberReveal, StageRankingReveal } from './stage-reveals.tsx';

const t = esQuiz.stage;

/**
 * Sizes are multiples of --u (the presenter's 1/100 of a 16:9 screen), floored for small ones;
 * --fq and --fo are the question's and the options' sizes the stage's fit chose (stage-fit.ts),
 * --cols the columns the answers flow into.
 */
export const questionSize = 'text-[max(calc(var(--u)*var(--fq,2.6)),1.25rem)]';
const metaSize = 'text-[max(calc(var(--u)*var(--fo,1.9)*0.8),1rem)]';
const optionSize = 'text-[max(calc(var(--u)*var(--fo,1.9)),1rem)]';
const columns = 'grid-cols-[repeat(var(--cols,1),minmax(0,1fr))]';

type HeadProps = {
  question: Question;
  respondents: number;
  /** The countdown, large in the corner, while the question runs. */
  remaining?: number | null;
  running: boolean;
  /** Past the limit, waiting for players with 'Más tiempo': `remaining` is theirs. */
  extra?: boolean;
};

/** The question, the number of answers so far and (while it runs) the countdown in the corner. */
export function StageHead({
  question,
  respondents,
  remaining = null,
  running,
  extra = false,
}: HeadProps) {
  return (
    <div className="flex items-start gap-[calc(var(--u)*2)]">
      <div className="flex min-w-0 flex-1 flex-col gap-[calc(var(--u)*0.5)]">
        <h1
          id="presenter-question"
          className={cn(questionSize, 'leading-tight font-extrabold [overflow-wrap:anywhere]')}
        >
          <MathText text={question.text} />
        </h1>
        <p
          className={cn(metaSize, 'font-semibold text-muted-foreground tabular-nums')}
          data-testid="quiz-stage-answers"
        >
          {t.answers(respondents)}
        </p>
      </div>
      {running ? (
        <div className="flex shrink-0 flex-col items-center gap-[calc(var(--u)*0.5)]">
          <Countdown
            remaining={remaining}
            limit={question.timeLimitSeconds}
            label={extra ? t.extraTime : t.timeLeft}
            className="size-[max(calc(var(--u)*11),6rem)]"
            numberClassName="text-[max(calc(var(--u)*5),2.5rem)]"
          />
          {extra ? (
            <p
              className={cn(metaSize, 'font-semibold text-muted-foreground')}
              data-testid="quiz-stage-extra-time"
            >
              {t.extraTime}
            </p>
          ) : null}
        </div>
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
        'grid min-h-0 flex-1 auto-rows-fr gap-[calc(var(--u)*1.2*var(--fo,1.9)/1.9)]',
        columns,
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
              'flex min-w-0 items-center gap-[0.5em] rounded-[calc(var(--u)*1.2)] px-[0.8em] py-[0.4em] font-bold text-white',
            )}
            data-testid="quiz-stage-tile"
          >
            <TileShape shape={look.shape} className="size-[1em] shrink-0" />
            <span className="shrink-0" data-tile-letter="">
              {look.letter}
            </span>
            <span className="min-w-0 leading-tight [overflow-wrap:anywhere]">
              <MathText text={option.text} />
            </span>
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
  const scores = traitsOf(question.type).quizCorrect;
  if (scores === 'order') return <StageRankingReveal question={question} />;
  if (scores === 'value') return <StageNumberReveal question={question} />;
  const options = byOrdinal(question.options);
  const correct = new Set(question.correctOptionIds ?? []);
  const base = traitsOf(question.type).percentBase(question);
  if (options.length === 0 || correct.size === 0) {
    return (
      <p className={cn(metaSize, 'text-muted-foreground')} data-testid="quiz-stage-unscored">
        {t.unscored}
      </p>
    );
  }
  return (
    <ol
      className={cn(
        'grid min-h-0 content-start gap-x-[calc(var(--u)*2.5)] gap-y-[calc(var(--u)*1.2*var(--fo,1.9)/1.9)]',
        columns,
      )}
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
            className={cn(optionSize, 'min-w-0')}
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
                {/* The tile's colour, shape and letter, so the room finds the answer it chose. */}
                <span
                  className={cn(
                    look.colour,
                    'inline-flex shrink-0 items-center gap-[0.25em] self-start rounded-[0.3em] px-[0.3em] font-bold text-white',
                  )}
                >
                  <TileShape shape={look.shape} className="size-[0.8em] shrink-0" />
                  <span data-tile-letter="">{look.letter}</span>
                </span>
                <span>
                  <MathText text={option.text} />
                </span>
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
              className="h-[max(calc(var(--u)*0.7*var(--fo,1.9)),0.75rem)] w-full overflow-hidden rounded-full bg-bar-track"
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
