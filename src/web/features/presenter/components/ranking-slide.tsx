import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { MathText } from '../../../components/math-text.tsx';
import { esRanking } from '../../../i18n/es-ranking.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../question-types/number/format.ts';
import { rankOptions } from '../../../question-types/ranking/rank.ts';
import { ItemGrid, type SlideView } from './fitted-slide.tsx';

/**
 * 'Ordenar' on the projector: the options by mean place, each with a bar of its points, measured
 * and paged like a poll's options (fitted-slide.tsx).
 */
export function RankingSlide({ question, view }: { question: SummaryQuestion; view: SlideView }) {
  const ranked = rankOptions(question);
  return (
    <ItemGrid view={view} count={ranked.length}>
      {(index, offPage) => {
        const option = ranked[index]!;
        const first = option.place === 1 && option.points > 0;
        return (
          <li
            key={option.id}
            hidden={offPage}
            data-fit-item=""
            data-testid="presenter-ranking-item"
            className="flex min-w-0 flex-col gap-[calc(var(--u)*0.35*var(--fo))] text-[max(calc(var(--u)*var(--fo)),1rem)]"
          >
            <p
              className={cn(
                'leading-tight [overflow-wrap:anywhere]',
                first ? 'font-extrabold text-accent' : 'font-medium',
              )}
            >
              <span className="mr-[0.4em] tabular-nums">{esRanking.place(option.place)}</span>
              <MathText text={option.text} />
            </p>
            <div className="flex items-center gap-[0.6em]">
              <div
                className="h-[0.7em] min-w-0 flex-1 overflow-hidden rounded-full bg-bar-track"
                aria-hidden="true"
              >
                <div
                  className={cn(
                    'h-full rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none',
                    first ? 'bg-accent' : 'bg-bar',
                  )}
                  style={{ width: `${option.percent}%` }}
                />
              </div>
              <span className="inline-block min-w-[13ch] shrink-0 text-right font-bold whitespace-nowrap tabular-nums">
                {esRanking.figures(
                  option.meanRank === null ? '–' : formatNumber(option.meanRank, 1),
                  option.points,
                )}
              </span>
            </div>
          </li>
        );
      }}
    </ItemGrid>
  );
}

/** What a screen reader hears when a ranking's results change: its first places. */
export function rankingAnnouncement(question: SummaryQuestion): string {
  return rankOptions(question)
    .slice(0, 5)
    .map((o) => `${esRanking.place(o.place)} ${o.text}`)
    .join('; ');
}
