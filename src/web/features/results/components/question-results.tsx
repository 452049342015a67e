import type { ReactNode } from 'react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { esSlides } from '../../../i18n/es-slides.ts';
import { cn } from '../../../lib/cn.ts';
import { tallyOptions } from '../lib/tally.ts';
import { ArrowBigUp, EyeOff } from './icons.ts';
import { ScaleResults } from './scale-results.tsx';
import { TextResults } from './text-results.tsx';

type QuestionResultsProps = {
  slug: string;
  question: SummaryQuestion;
  position: number;
  showPercent: boolean;
  /** Projector sizes: read from the back of a room. */
  large: boolean;
  /** The host's moderation of an open-text question. */
  moderation?: ReactNode;
};

export function QuestionResults({
  slug,
  question,
  position,
  showPercent,
  large,
  moderation,
}: QuestionResultsProps) {
  const titleId = `result-q-${question.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-2xl border bg-card', large ? 'p-10' : 'p-5 sm:p-6 lg:p-8')}
    >
      <h2
        id={titleId}
        className={cn(
          'leading-tight font-bold',
          large ? 'mb-8 text-[3.25rem]' : 'mb-5 text-xl sm:text-2xl lg:text-3xl xl:text-4xl',
        )}
      >
        <span className="mr-2 text-muted-foreground tabular-nums">{position}.</span>
        {question.text}
      </h2>
      {question.hidden ? (
        <HiddenResults respondents={question.respondents} large={large} />
      ) : question.type === 'text' ? (
        <TextResults slug={slug} question={question} large={large} moderation={moderation} />
      ) : question.type === 'scale' ? (
        <ScaleResults question={question} showPercent={showPercent} large={large} />
      ) : (
        <RankedOptions question={question} showPercent={showPercent} large={large} />
      )}
    </section>
  );
}

/** The host hid this question's results: a calm note with how many answered, never a chart. */
function HiddenResults({ respondents, large }: { respondents: number; large: boolean }) {
  return (
    <div
      data-testid="results-hidden"
      className={cn(
        'flex items-center gap-4 rounded-xl border border-dashed bg-muted/40 text-muted-foreground',
        large ? 'p-10 text-[2rem]' : 'p-5 text-base sm:text-lg lg:text-2xl',
      )}
    >
      <EyeOff
        className={cn('shrink-0', large ? 'size-12' : 'size-6 lg:size-8')}
        aria-hidden="true"
      />
      <div className="min-w-0">
        <p className="font-semibold text-foreground">{es.results.hiddenTitle}</p>
        <p>
          <span data-testid="results-hidden-answers" className="tabular-nums">
            {es.results.answers(respondents)}
          </span>
          {' · '}
          {es.results.hiddenDescription}
        </p>
      </div>
    </div>
  );
}

function RankedOptions({
  question,
  showPercent,
  large,
}: {
  question: SummaryQuestion;
  showPercent: boolean;
  large: boolean;
}) {
  const multiple = question.type === 'multiple';
  return (
    <>
      {multiple && showPercent ? (
        <p
          data-testid="result-multiple-note"
          className={cn(
            '-mt-3 mb-4 text-muted-foreground',
            large ? 'text-2xl' : 'text-sm lg:text-base',
          )}
        >
          {es.results.multipleNote}
        </p>
      ) : null}
      <ol className={cn('flex flex-col', large ? 'gap-8' : 'gap-4 lg:gap-5')}>
        {tallyOptions(question).map((option) => (
          <li
            key={option.id}
            data-testid="result-option"
            data-leading={option.leading || undefined}
            className={cn(
              large ? 'text-[2rem]' : 'text-base sm:text-lg lg:text-2xl xl:text-[1.75rem]',
            )}
          >
            <div className="mb-1.5 flex items-baseline justify-between gap-4">
              <span
                className={cn(
                  'min-w-0 [overflow-wrap:anywhere]',
                  option.leading && 'font-bold text-accent',
                )}
              >
                {option.leading ? (
                  <span
                    className="mr-2 inline-flex max-w-full items-center gap-1 rounded-full bg-accent px-2 align-[0.1em] text-[0.75em] leading-snug font-bold text-accent-foreground"
                    data-testid="result-option-mark"
                  >
                    <ArrowBigUp className="size-[1.1em] shrink-0 fill-current" aria-hidden="true" />
                    {option.tie ? esSlides.mostVotedTie : esSlides.mostVoted}
                  </span>
                ) : null}
                <span data-testid="result-option-text">{option.text}</span>
              </span>
              <span
                className={cn(
                  'shrink-0 text-right font-semibold whitespace-nowrap tabular-nums',
                  option.leading && 'text-accent',
                )}
              >
                <span data-testid="result-option-count">
                  {multiple
                    ? es.results.countOfPeople(option.count, question.respondents)
                    : es.results.count(option.count)}
                </span>
                {showPercent ? (
                  <>
                    <span aria-hidden="true" className="mx-2 text-muted-foreground">
                      ·
                    </span>
                    <span data-testid="result-option-percent" className="inline-block min-w-[4ch]">
                      {option.percent}%
                    </span>
                  </>
                ) : null}
              </span>
            </div>
            <div
              className={cn(
                'w-full overflow-hidden rounded-full bg-bar-track',
                large ? 'h-10' : 'h-4 lg:h-6 xl:h-7',
              )}
              aria-hidden="true"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none',
                  option.leading ? 'bg-accent' : 'bg-bar',
                )}
                style={{ width: `${option.percent}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
