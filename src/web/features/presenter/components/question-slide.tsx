import { EyeOff, Trophy } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { optionLayout, slideOptions } from '../lib/slide.ts';
import { CloudSlide, ScaleSlide } from './open-slides.tsx';

const t = es.presenter;

type QuestionSlideProps = {
  question: SummaryQuestion;
  /** The host hid this question's results: the count of answers only, never a chart. */
  hidden: boolean;
};

/** Sizes are multiples of --u (1/100 of a 16:9 screen's width), floored for small screens. */
const questionSize = 'text-[max(calc(var(--u)*2.9),1.75rem)]';
const metaSize = 'text-[max(calc(var(--u)*1.35),1.125rem)]';

/** One question filling the screen: text, respondents, and options with bars, or 'Resultados ocultos'. */
export function QuestionSlide({ question, hidden }: QuestionSlideProps) {
  return (
    <section
      aria-labelledby="presenter-question"
      className="flex min-h-0 flex-1 flex-col gap-[max(calc(var(--u)*1.6),1rem)]"
      data-testid="presenter-slide"
      data-question-id={question.id}
      data-hidden={hidden || undefined}
    >
      <div className="flex flex-col gap-[calc(var(--u)*0.5)]">
        <h1
          id="presenter-question"
          className={cn(questionSize, 'leading-tight font-extrabold [overflow-wrap:anywhere]')}
        >
          {question.text}
        </h1>
        <p
          className={cn(metaSize, 'text-muted-foreground tabular-nums')}
          data-testid="presenter-respondents"
        >
          {t.respondents(question.respondents)}
        </p>
      </div>
      {hidden ? (
        <HiddenResults respondents={question.respondents} />
      ) : question.type === 'text' ? (
        <CloudSlide question={question} />
      ) : question.type === 'scale' ? (
        <ScaleSlide question={question} />
      ) : (
        <OptionBars question={question} />
      )}
    </section>
  );
}

function HiddenResults({ respondents }: { respondents: number }) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-[calc(var(--u)*1.2)] rounded-3xl border-2 border-dashed text-center"
      data-testid="presenter-hidden"
    >
      <EyeOff
        className="size-[max(calc(var(--u)*4),3rem)] text-muted-foreground"
        aria-hidden="true"
      />
      <p className="text-[max(calc(var(--u)*2.6),1.5rem)] font-bold">{t.hiddenTitle}</p>
      <p className="text-[max(calc(var(--u)*3.2),1.75rem)] font-extrabold tabular-nums">
        {t.respondentsShort(respondents)}
      </p>
      <p className={cn(metaSize, 'text-muted-foreground')}>{t.hiddenDescription}</p>
    </div>
  );
}

function OptionBars({ question }: { question: SummaryQuestion }) {
  const options = slideOptions(question);
  const layout = optionLayout(options.length);
  const style = { '--s': layout.scale } as CSSProperties;
  return (
    <ol
      className={cn(
        'grid min-h-0 content-start gap-x-[calc(var(--u)*3)] gap-y-[calc(var(--u)*1.5*var(--s))]',
        layout.columns === 2 && 'md:grid-cols-2',
        layout.columns === 3 && 'md:grid-cols-3',
      )}
      style={style}
    >
      {options.map((option) => (
        <li
          key={option.id}
          data-testid="presenter-option"
          data-leading={option.leading || undefined}
          className="text-[max(calc(var(--u)*1.8*var(--s)),1.125rem)]"
        >
          <div className="mb-[calc(var(--u)*0.4)] flex items-baseline justify-between gap-[calc(var(--u)*1.2)]">
            <span
              className={cn(
                'flex min-w-0 items-baseline gap-[calc(var(--u)*0.5)] leading-tight [overflow-wrap:anywhere]',
                option.leading ? 'font-extrabold text-accent' : 'font-medium',
              )}
            >
              {option.leading ? (
                <Trophy className="size-[1em] shrink-0 self-center" aria-hidden="true" />
              ) : null}
              <span>{option.text}</span>
              {option.leading ? <span className="sr-only">({t.leading})</span> : null}
            </span>
            <span
              className={cn(
                'shrink-0 font-bold whitespace-nowrap tabular-nums',
                option.leading && 'text-accent',
              )}
            >
              <span data-testid="presenter-option-count">{t.count(option.count)}</span>
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
          <div
            className="h-[max(calc(var(--u)*1.5*var(--s)),0.75rem)] w-full overflow-hidden rounded-full bg-bar-track"
            aria-hidden="true"
          >
            <div
              className={cn(
                'h-full rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none',
                option.leading ? 'bg-accent' : 'bg-bar',
              )}
              style={{ width: `${Math.min(100, option.percent)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
