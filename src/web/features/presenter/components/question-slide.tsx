import { EyeOff } from 'lucide-react';
import type { Ref } from 'react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { Explanation } from '../../../components/explanation.tsx';
import { MathText } from '../../../components/math-text.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { slideOptions } from '../lib/slide.ts';
import { FittedSlide, type SlidePager } from './fitted-slide.tsx';
import { slideViews } from './slide-views.tsx';

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
  const slide = slideViews[question.type];
  return (
    <FittedSlide
      heading={<MathText text={question.text} />}
      headingId="presenter-question"
      meta={
        <p
          className={cn(metaSize, 'text-muted-foreground tabular-nums')}
          data-testid="presenter-respondents"
        >
          {t.respondents(question.respondents)}
        </p>
      }
      itemCount={hidden ? 0 : slide.items(question)}
      fitKey={fitKey(question, hidden)}
      pagerRef={pagerRef}
      onPagesChange={onPagesChange}
      data-testid="presenter-slide"
      data-question-id={question.id}
      data-hidden={hidden || undefined}
    >
      {(view) =>
        hidden ? (
          <HiddenResults respondents={question.respondents} />
        ) : (
          <>
            <slide.Body question={question} view={view} />
            {explanationShown(question) ? (
              <Explanation
                text={question.explanation}
                label={es.results.explanation}
                className="mt-0 text-[max(calc(var(--u)*var(--fo)*0.85),1rem)]"
              />
            ) : null}
          </>
        )
      }
    </FittedSlide>
  );
}

/**
 * 'Explicación' (issue 27) once the question's results show on the projector (a quiz has its
 * own stage, which shows it at the close).
 */
function explanationShown(
  question: SummaryQuestion,
): question is SummaryQuestion & { explanation: string } {
  return !!question.explanation && !question.running;
}

/**
 * What changes the slide's shape: the texts, the kind, the leading mark's place and the width
 * of the counts (their box is reserved up to three digits, so votes arriving do not re-fit).
 */
function fitKey(question: SummaryQuestion, hidden: boolean): string {
  const options = slideOptions(question);
  const widest = Math.max(0, ...options.map((o) => o.count));
  return JSON.stringify([
    question.id,
    question.type,
    question.text,
    hidden,
    explanationShown(question) ? question.explanation : null,
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
