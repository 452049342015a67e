import { ArrowBigUp } from 'lucide-react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { MathText } from '../../../components/math-text.tsx';
import { es } from '../../../i18n/es.ts';
import { esSlides } from '../../../i18n/es-slides.ts';
import { cn } from '../../../lib/cn.ts';
import { type SlideOption, slideOptions } from '../lib/slide.ts';
import { ItemGrid, type SlideView } from './fitted-slide.tsx';

const t = es.presenter;

/**
 * The 'Más votada' mark: the word and an upvote arrow beside the accent colour and the weight.
 * Every option of a tie at the top carries it, saying it is a tie.
 */
export function MostVotedMark({ tie }: { tie: boolean }) {
  return (
    <span
      className="mr-[0.4em] inline-flex items-center gap-[0.2em] rounded-full bg-accent px-[0.45em] align-[0.12em] text-[0.7em] leading-snug font-bold whitespace-nowrap text-accent-foreground"
      data-testid="presenter-option-mark"
    >
      <ArrowBigUp className="size-[1.05em] shrink-0 fill-current" aria-hidden="true" />
      {tie ? esSlides.mostVotedTie : esSlides.mostVoted}
    </span>
  );
}

/** A choice question's options with their bars, paged when they do not fit. */
export function OptionBars({ question, view }: { question: SummaryQuestion; view: SlideView }) {
  const options: SlideOption[] = slideOptions(question);
  return (
    <ItemGrid view={view} count={options.length}>
      {(index, offPage) => {
        const option = options[index]!;
        return (
          <li
            key={option.id}
            hidden={offPage}
            data-fit-item=""
            data-testid="presenter-option"
            data-leading={option.leading || undefined}
            className="flex min-w-0 flex-col gap-[calc(var(--u)*0.35*var(--fo))] text-[max(calc(var(--u)*var(--fo)),1rem)]"
          >
            <p
              className={cn(
                'leading-tight [overflow-wrap:anywhere]',
                option.leading ? 'font-extrabold text-accent' : 'font-medium',
              )}
            >
              {option.leading ? <MostVotedMark tie={option.tie} /> : null}
              <span data-testid="presenter-option-text">
                <MathText text={option.text} />
              </span>
            </p>
            <div className="flex items-center gap-[0.6em]">
              <div
                className="h-[0.7em] min-w-0 flex-1 overflow-hidden rounded-full bg-bar-track"
                aria-hidden="true"
                data-testid="presenter-option-bar"
              >
                <div
                  className={cn(
                    'h-full rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none',
                    option.leading ? 'bg-accent' : 'bg-bar',
                  )}
                  style={{ width: `${Math.min(100, option.percent)}%` }}
                />
              </div>
              <span
                className={cn(
                  'shrink-0 font-bold whitespace-nowrap tabular-nums',
                  option.leading && 'text-accent',
                )}
              >
                {/* Room for '999 votos' and '100%', so arriving votes never move the layout. */}
                <span
                  className="inline-block min-w-[9ch] text-right"
                  data-testid="presenter-option-count"
                >
                  {t.count(option.count)}
                </span>
                <span aria-hidden="true" className="mx-[0.4em] text-muted-foreground">
                  ·
                </span>
                <span
                  className="inline-block min-w-[4ch] text-right"
                  data-testid="presenter-option-percent"
                >
                  {option.percent}%
                </span>
              </span>
            </div>
          </li>
        );
      }}
    </ItemGrid>
  );
}
