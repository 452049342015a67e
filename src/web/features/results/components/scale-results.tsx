import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { ProportionalBar } from '../../../components/proportional-bar.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { formatAverage } from '../../../lib/number-format.ts';
import { scaleResult } from '../../../lib/scale.ts';

const t = es.results;

type ScaleResultsProps = { question: SummaryQuestion; showPercent: boolean; large: boolean };

/**
 * A rating scale: the average big, with the number of answers, and the distribution as columns
 * from 1 to max (the scale's order, never re-sorted), each labelled with its count.
 */
export function ScaleResults({ question, showPercent, large }: ScaleResultsProps) {
  const result = scaleResult(question);
  return (
    <div
      className={cn(
        'grid items-end',
        large ? 'gap-12 grid-cols-[auto_1fr]' : 'gap-6 sm:grid-cols-[auto_1fr]',
      )}
    >
      <div className="flex flex-col" data-testid="scale-average">
        <span className={cn('text-muted-foreground', large ? 'text-3xl' : 'text-base lg:text-xl')}>
          {t.average}
        </span>
        <span
          className={cn(
            'leading-none font-extrabold tabular-nums',
            large ? 'text-[9rem]' : 'text-6xl lg:text-7xl',
          )}
        >
          {result.average === null ? '–' : formatAverage(result.average)}
          <span
            className={cn(
              'ml-2 font-semibold text-muted-foreground',
              large ? 'text-5xl' : 'text-2xl',
            )}
          >
            {t.outOf(result.max)}
          </span>
        </span>
        <span
          className={cn(
            'mt-2 text-muted-foreground tabular-nums',
            large ? 'text-3xl' : 'text-base lg:text-xl',
          )}
          data-testid="scale-answers"
        >
          {es.results.answers(result.answers)}
        </span>
      </div>
      <div className="min-w-0">
        <ol
          className={cn(
            'grid grid-flow-col auto-cols-fr gap-1.5 sm:gap-3',
            large ? 'h-80' : 'h-44 lg:h-56',
          )}
          aria-label={t.distribution}
        >
          {result.columns.map((column) => (
            <li
              key={column.value}
              className={cn(
                'min-w-0 font-semibold',
                large ? 'text-[1.75rem]' : 'text-sm sm:text-base lg:text-xl',
              )}
              data-testid="scale-value"
            >
              <ProportionalBar
                height={column.height}
                labelLines={showPercent ? 2 : 1}
                barClassName="rounded-t-md"
                label={
                  <span className="text-center tabular-nums">
                    <span className="sr-only">
                      {t.scaleValueLabel(column.value, column.label)}:{' '}
                    </span>
                    <span data-testid="scale-value-count">{column.count}</span>
                    {showPercent ? (
                      // Ten columns on a phone leave no room for the percentages: counts only.
                      <span
                        className={cn(
                          'block font-normal text-muted-foreground',
                          result.max > 5 && 'max-sm:hidden',
                        )}
                      >
                        {column.percent}%
                      </span>
                    ) : null}
                  </span>
                }
              />
            </li>
          ))}
        </ol>
        <ol
          className={cn(
            'mt-1 grid grid-flow-col auto-cols-fr gap-1.5 border-t-2 pt-1 font-bold tabular-nums sm:gap-3',
            large ? 'text-[1.75rem]' : 'text-base lg:text-xl',
          )}
          aria-hidden="true"
        >
          {result.columns.map((column) => (
            <li key={column.value} className="text-center">
              {column.value}
            </li>
          ))}
        </ol>
        {result.minLabel || result.maxLabel ? (
          <div
            className={cn(
              'mt-1 flex justify-between gap-4 text-muted-foreground',
              large ? 'text-2xl' : 'text-sm lg:text-lg',
            )}
            aria-hidden="true"
          >
            <span>{result.minLabel}</span>
            <span className="text-right">{result.maxLabel}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
