import { MessageSquareDashed } from 'lucide-react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { ProportionalBar } from '../../../components/proportional-bar.tsx';
import { WordCloud } from '../../../components/word-cloud.tsx';
import { es } from '../../../i18n/es.ts';
import { formatAverage } from '../../../lib/number-format.ts';
import { scaleResult } from '../../../lib/scale.ts';

const t = es.presenter;

/** An open-text question on the projector: its cloud filling what the slide has left. */
export function CloudSlide({ question }: { question: SummaryQuestion }) {
  const words = (question.words ?? []).filter((w) => !w.hidden);
  if (words.length === 0) {
    return (
      <div className="flex flex-1 items-center justify-center gap-[calc(var(--u)*1.2)] rounded-3xl border-2 border-dashed p-[calc(var(--u)*1)] text-[max(calc(var(--u)*2.2*var(--fb)),1.25rem)] text-muted-foreground">
        <MessageSquareDashed className="size-[1.2em]" aria-hidden="true" />
        {t.noAnswersYet}
      </div>
    );
  }
  return (
    <WordCloud
      words={words}
      variant="projector"
      listLabel={es.results.topWords}
      countLabel={es.results.answers}
      // Room enough for words read from the back: below it the question's type shrinks first.
      className="min-h-[calc(var(--u)*20*var(--fb))] flex-1 [&_svg]:mx-auto [&_svg]:max-h-full"
    />
  );
}

/**
 * A rating scale on the projector: the average as the largest thing on the screen, then the
 * distribution as columns from 1 to max with their counts, and the names of the ends.
 */
export function ScaleSlide({ question }: { question: SummaryQuestion }) {
  const result = scaleResult(question);
  return (
    <div className="flex min-h-[calc(var(--u)*14*var(--fb))] flex-1 items-stretch gap-[calc(var(--u)*4*var(--fb))]">
      <div
        className="flex shrink-0 flex-col justify-center leading-tight"
        data-testid="presenter-scale-average"
      >
        <span className="text-[max(calc(var(--u)*2*var(--fb)),1rem)] font-semibold text-muted-foreground">
          {es.results.average}
        </span>
        <span className="text-[max(calc(var(--u)*12*var(--fb)),3rem)] font-extrabold whitespace-nowrap tabular-nums">
          {result.average === null ? '–' : formatAverage(result.average)}
        </span>
        <span className="text-[max(calc(var(--u)*2.4*var(--fb)),1.125rem)] font-semibold whitespace-nowrap text-muted-foreground">
          {es.results.outOf(result.max)}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <ol className="grid min-h-0 flex-1 grid-flow-col auto-cols-fr gap-[calc(var(--u)*1)] text-[max(calc(var(--u)*1.8*var(--fb)),1rem)]">
          {result.columns.map((column) => (
            <li key={column.value} className="min-w-0" data-testid="presenter-scale-value">
              <ProportionalBar
                height={column.height}
                barClassName="rounded-t-lg"
                label={
                  <span className="font-bold tabular-nums">
                    <span className="sr-only">
                      {es.results.scaleValueLabel(column.value, column.label)}:{' '}
                    </span>
                    {column.count}
                  </span>
                }
              />
            </li>
          ))}
        </ol>
        <ol
          className="mt-[calc(var(--u)*0.4)] grid grid-flow-col auto-cols-fr gap-[calc(var(--u)*1)] border-t-4 pt-[calc(var(--u)*0.3)] text-center text-[max(calc(var(--u)*2*var(--fb)),1rem)] font-extrabold tabular-nums"
          aria-hidden="true"
        >
          {result.columns.map((column) => (
            <li key={column.value}>{column.value}</li>
          ))}
        </ol>
        {result.minLabel || result.maxLabel ? (
          <div
            className="flex justify-between gap-[calc(var(--u)*2)] text-[max(calc(var(--u)*1.6*var(--fb)),1rem)] text-muted-foreground [overflow-wrap:anywhere]"
            aria-hidden="true"
            data-testid="presenter-scale-ends"
          >
            <span>{result.minLabel}</span>
            <span className="text-right">{result.maxLabel}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** What a screen reader hears when a scale's results change. */
export function scaleAnnouncement(question: SummaryQuestion): string {
  const { average, max, answers } = scaleResult(question);
  return `${es.results.answers(answers)}. ${es.results.average} ${
    average === null ? '–' : formatAverage(average)
  } ${es.results.outOf(max)}`;
}

/** What a screen reader hears when a cloud changes: its first words. */
export function cloudAnnouncement(question: SummaryQuestion): string {
  const words = (question.words ?? []).filter((w) => !w.hidden).slice(0, 5);
  return `${t.respondents(question.respondents)}. ${words
    .map((w) => `${w.text} ${es.results.answers(w.count)}`)
    .join('; ')}`;
}
