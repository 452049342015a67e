import type { SummaryQuestion } from '../../../contract/summary.ts';
import { esNumber as t } from '../../i18n/es-number.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from './format.ts';
import { numberResult } from './stats.ts';

type HistogramProps = {
  question: SummaryQuestion;
  /** 'page': the results page (rem sizes, `large` for its projector mode); 'slide': the
   *  presenter's slide, sized by its --u / --fb variables. */
  variant: 'page' | 'slide';
  large?: boolean;
};

/**
 * A number question's answers: a histogram of its bins, the median marked by a line and its
 * value, the accepted band shaded in a quiz once it may be shown, and the figures in Spanish
 * ('3,5'; '1.250'). The bars are a picture (aria-hidden); a list under them says the same.
 */
export function Histogram({ question, variant, large = false }: HistogramProps) {
  const r = numberResult(question);
  const f = (value: number | null) => (value === null ? '–' : formatNumber(value, r.decimals));
  const withUnit = (value: number | null) =>
    r.unit && value !== null ? `${f(value)} ${r.unit}` : f(value);
  const slide = variant === 'slide';
  const text = slide
    ? 'text-[max(calc(var(--u)*1.6*var(--fb)),1rem)]'
    : large
      ? 'text-3xl'
      : 'text-base lg:text-xl';
  const figure = slide
    ? 'text-[max(calc(var(--u)*3*var(--fb)),1.5rem)]'
    : large
      ? 'text-5xl'
      : 'text-2xl lg:text-4xl';
  return (
    <div
      className={cn('flex min-h-0 flex-col gap-[1em]', slide && 'flex-1', text)}
      data-testid="number-results"
    >
      <dl className="flex flex-wrap gap-x-[1.5em] gap-y-[0.5em]">
        <div>
          <dt className="text-muted-foreground">{t.median}</dt>
          <dd className={cn('font-extrabold tabular-nums', figure)} data-testid="number-median">
            {withUnit(r.median)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t.mean}</dt>
          <dd className="font-semibold tabular-nums">{withUnit(r.mean)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            {t.min} – {t.max}
          </dt>
          <dd className="font-semibold tabular-nums">
            {f(r.min)} – {f(r.max)}
          </dd>
        </div>
        {r.correctValue !== null ? (
          <div data-testid="number-correct">
            <dt className="text-muted-foreground">{t.accepted}</dt>
            <dd className="font-semibold tabular-nums">
              {t.correct(f(r.correctValue), formatNumber(r.tolerance ?? 0, r.decimals))}
            </dd>
          </div>
        ) : null}
      </dl>
      <div
        className={cn(
          'relative mt-[1.8em] flex items-end gap-[2px] border-b-2 border-foreground/60',
          slide ? 'min-h-[calc(var(--u)*12*var(--fb))] flex-1' : large ? 'h-80' : 'h-40 lg:h-56',
        )}
        aria-hidden="true"
      >
        {r.band ? (
          <div
            className="absolute inset-y-0 rounded-sm bg-accent/20 outline-2 outline-accent outline-dashed"
            style={{
              left: `${r.at(r.band.from)}%`,
              width: `${Math.max(0.6, r.at(r.band.to) - r.at(r.band.from))}%`,
            }}
            data-testid="number-band"
          />
        ) : null}
        {r.bins.map((bin) => (
          <div
            key={bin.from}
            className="relative flex-1 rounded-t-md bg-bar"
            style={{ height: `${(bin.count * 100) / r.tallest}%` }}
          />
        ))}
        {r.median !== null ? (
          <div
            className="absolute inset-y-0 w-[3px] -translate-x-1/2 bg-accent"
            style={{ left: `${r.at(r.median)}%` }}
            data-testid="number-median-line"
          >
            <span
              className={cn(
                'absolute -top-[1.6em] rounded-full',
                // Inside the chart whatever the median: to its right near the left edge.
                r.at(r.median) < 12
                  ? 'left-0'
                  : r.at(r.median) > 88
                    ? 'right-0'
                    : 'left-1/2 -translate-x-1/2',
              )}
              data-median-label=""
            >
              <span className="block rounded-full bg-accent px-[0.5em] text-[0.8em] font-bold whitespace-nowrap text-accent-foreground">
                {t.median}
              </span>
            </span>
          </div>
        ) : null}
      </div>
      <div className="flex justify-between text-muted-foreground tabular-nums" aria-hidden="true">
        <span>{withUnit(r.bins[0]?.from ?? null)}</span>
        <span>{withUnit(r.bins.at(-1)?.to ?? null)}</span>
      </div>
      <ul className="sr-only" aria-label={t.histogram}>
        {r.bins.map((bin) => (
          <li key={bin.from}>{t.bin(f(bin.from), f(bin.to), bin.count)}</li>
        ))}
      </ul>
    </div>
  );
}
