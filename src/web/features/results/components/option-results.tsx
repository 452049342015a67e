import { MathText } from '../../../components/math-text.tsx';
import { es } from '../../../i18n/es.ts';
import { esSlides } from '../../../i18n/es-slides.ts';
import { cn } from '../../../lib/cn.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { tallyOptions } from '../lib/tally.ts';
import { ArrowBigUp } from './icons.ts';
import type { ResultsViewProps } from './results-views.tsx';

/** A choice question's options with their counts and bars, in the host's order. */
export function RankedOptions({ question, showPercent, large }: ResultsViewProps) {
  const multiple = traitsOf(question.type).picks === 'many';
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
                <span data-testid="result-option-text">
                  <MathText text={option.text} />
                </span>
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
