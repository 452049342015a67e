import { ArrowBigUp, EyeOff } from 'lucide-react';
import type { Ref } from 'react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { esSlides } from '../../../i18n/es-slides.ts';
import { cn } from '../../../lib/cn.ts';
import { type SlideOption, slideOptions } from '../lib/slide.ts';
import { FittedSlide, ItemGrid, type SlidePager, type SlideView } from './fitted-slide.tsx';
import { CloudSlide, ScaleSlide } from './open-slides.tsx';

const t = es.presenter;

type QuestionSlideProps = {
  question: SummaryQuestion;
  /** The host hid this question's results: the count of answers only, never a chart. */
  hidden: boolean;
  /** ↓ ↑ page through options that do not fit one screen. */
  pagerRef?: Ref<SlidePager>;
  onPagesChange?: (pages: number) => void;
};

/** The meta line's size follows the options' step (--fo), floored for small screens. */
const metaSize = 'text-[max(calc(var(--u)*var(--fo)*0.75),1rem)]';

/** One question filling the screen: text, respondents, and options with bars, or 'Resultados ocultos'. */
export function QuestionSlide({ question, hidden, pagerRef, onPagesChange }: QuestionSlideProps) {
  const options = slideOptions(question);
  const chart = !hidden && question.type !== 'text' && question.type !== 'scale';
  return (
    <FittedSlide
      heading={question.text}
      headingId="presenter-question"
      meta={
        <p
          className={cn(metaSize, 'text-muted-foreground tabular-nums')}
          data-testid="presenter-respondents"
        >
          {t.respondents(question.respondents)}
        </p>
      }
      itemCount={chart ? options.length : 0}
      fitKey={fitKey(question, hidden, options)}
      pagerRef={pagerRef}
      onPagesChange={onPagesChange}
      data-testid="presenter-slide"
      data-question-id={question.id}
      data-hidden={hidden || undefined}
    >
      {(view) =>
        hidden ? (
          <HiddenResults respondents={question.respondents} />
        ) : question.type === 'text' ? (
          <CloudSlide question={question} />
        ) : question.type === 'scale' ? (
          <ScaleSlide question={question} />
        ) : (
          <OptionBars options={options} view={view} />
        )
      }
    </FittedSlide>
  );
}

/**
 * What changes the slide's shape: the texts, the kind, the leading mark's place and the width
 * of the counts (their box is reserved up to three digits, so votes arriving do not re-fit).
 */
function fitKey(question: SummaryQuestion, hidden: boolean, options: SlideOption[]): string {
  const widest = Math.max(0, ...options.map((o) => o.count));
  return JSON.stringify([
    question.id,
    question.type,
    question.text,
    hidden,
    options.map((o) => [o.text, o.leading, o.tie]),
    String(widest).length > 3 ? String(widest).length : 3,
    (question.words ?? []).length > 0,
  ]);
}

function HiddenResults({ respondents }: { respondents: number }) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-[calc(var(--u)*1.2*var(--fb))] rounded-3xl border-2 border-dashed p-[calc(var(--u)*1)] text-center"
      data-testid="presenter-hidden"
    >
      <EyeOff
        className="size-[max(calc(var(--u)*4*var(--fb)),2rem)] text-muted-foreground"
        aria-hidden="true"
      />
      <p className="text-[max(calc(var(--u)*2.6*var(--fb)),1.5rem)] font-bold">{t.hiddenTitle}</p>
      <p className="text-[max(calc(var(--u)*3.2*var(--fb)),1.75rem)] font-extrabold tabular-nums">
        {t.respondentsShort(respondents)}
      </p>
      <p className={cn(metaSize, 'text-muted-foreground')}>{t.hiddenDescription}</p>
    </div>
  );
}

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

function OptionBars({ options, view }: { options: SlideOption[]; view: SlideView }) {
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
              <span data-testid="presenter-option-text">{option.text}</span>
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
