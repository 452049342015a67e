import type { SummaryQuestion } from '../../../contract/summary.ts';
import { MathText } from '../../components/math-text.tsx';
import { esRanking as t } from '../../i18n/es-ranking.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../number/format.ts';
import { rankOptions } from './rank.ts';

type RankingResultsProps = { question: SummaryQuestion; large: boolean };

/**
 * 'Ordenar' on the results page: the options by mean place with a bar of their points, then
 * each option's distribution over the places as a table (the projector shows the first part).
 */
export function RankingResults({ question, large }: RankingResultsProps) {
  const ranked = rankOptions(question);
  const places = question.options.length;
  return (
    <div className="grid gap-6">
      <p className={cn('-mt-3 text-muted-foreground', large ? 'text-2xl' : 'text-sm lg:text-base')}>
        {t.pointsNote}
      </p>
      <ol className={cn('flex flex-col', large ? 'gap-8' : 'gap-4 lg:gap-5')}>
        {ranked.map((option) => (
          <li
            key={option.id}
            data-testid="ranking-result"
            className={large ? 'text-[2rem]' : 'text-base sm:text-lg lg:text-2xl'}
          >
            <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="min-w-0 flex-[1_1_14rem] [overflow-wrap:anywhere]">
                <span className="mr-2 font-bold tabular-nums">{t.place(option.place)}</span>
                <span data-testid="ranking-result-text">
                  <MathText text={option.text} />
                </span>
              </span>
              <span className="ml-auto shrink-0 text-right text-[0.85em] font-semibold whitespace-nowrap text-muted-foreground tabular-nums">
                {t.figures(
                  option.meanRank === null ? '–' : formatNumber(option.meanRank, 1),
                  option.points,
                )}
              </span>
            </div>
            <div
              className={cn(
                'w-full overflow-hidden rounded-full bg-bar-track',
                large ? 'h-10' : 'h-4 lg:h-6',
              )}
              aria-hidden="true"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none',
                  option.place === 1 && option.points > 0 ? 'bg-accent' : 'bg-bar',
                )}
                style={{ width: `${option.percent}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
      {large ? null : (
        // A table wider than a phone scrolls sideways, reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
        <section className="overflow-x-auto" aria-label={t.distribution} tabIndex={0}>
          <table className="w-max min-w-full border-collapse text-sm tabular-nums lg:text-base">
            <caption className="mb-2 text-left font-semibold">
              {t.distribution}
              <span className="sr-only">: {t.distributionCaption}</span>
            </caption>
            <thead>
              <tr className="text-muted-foreground">
                <th scope="col" className="py-1 pr-3 text-left font-medium">
                  {t.option}
                </th>
                {Array.from({ length: places }, (_, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: places are positions
                  <th key={k} scope="col" className="px-1 py-1 text-center font-medium">
                    {t.place(k + 1)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ranked.map((option) => {
                const most = Math.max(1, ...option.positions);
                return (
                  <tr key={option.id} className="border-t" data-testid="ranking-distribution">
                    <th
                      scope="row"
                      className="w-48 min-w-48 py-1.5 pr-3 text-left font-normal [overflow-wrap:anywhere]"
                    >
                      <MathText text={option.text} />
                    </th>
                    {option.positions.map((count, k) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: places are positions
                      <td key={k} className="px-1 py-1.5 text-center">
                        <span
                          className="inline-flex min-w-8 justify-center rounded-md px-1.5 py-0.5"
                          style={{
                            backgroundColor: `color-mix(in oklab, var(--bar) ${Math.round((count * 35) / most)}%, transparent)`,
                          }}
                        >
                          {count}
                        </span>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
