import type { ReactNode } from 'react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { MathText } from '../../../components/math-text.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { EyeOff } from './icons.ts';
import { resultsViews } from './results-views.tsx';

type QuestionResultsProps = {
  slug: string;
  question: SummaryQuestion;
  position: number;
  showPercent: boolean;
  /** Projector sizes: read from the back of a room. */
  large: boolean;
  /** The host's moderation of an open-text question. */
  moderation?: ReactNode;
  /** Under the results (a phone's 'Explicación'). */
  footer?: ReactNode;
};

export function QuestionResults({
  slug,
  question,
  position,
  showPercent,
  large,
  moderation,
  footer,
}: QuestionResultsProps) {
  const titleId = `result-q-${question.id}`;
  const View = resultsViews[question.type];
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-2xl border bg-card', large ? 'p-10' : 'p-5 sm:p-6 lg:p-8')}
    >
      <h2
        id={titleId}
        className={cn(
          'leading-tight font-bold',
          large ? 'mb-8 text-[3.25rem]' : 'mb-5 text-xl sm:text-2xl lg:text-3xl xl:text-4xl',
        )}
      >
        <span className="mr-2 text-muted-foreground tabular-nums">{position}.</span>
        <MathText text={question.text} />
      </h2>
      {question.hidden ? (
        <HiddenResults respondents={question.respondents} large={large} />
      ) : (
        <View
          slug={slug}
          question={question}
          showPercent={showPercent}
          large={large}
          moderation={moderation}
        />
      )}
      {footer}
    </section>
  );
}

/** The host hid this question's results: a calm note with how many answered, never a chart. */
function HiddenResults({ respondents, large }: { respondents: number; large: boolean }) {
  return (
    <div
      data-testid="results-hidden"
      className={cn(
        'flex items-center gap-4 rounded-xl border border-dashed bg-muted/40 text-muted-foreground',
        large ? 'p-10 text-[2rem]' : 'p-5 text-base sm:text-lg lg:text-2xl',
      )}
    >
      <EyeOff
        className={cn('shrink-0', large ? 'size-12' : 'size-6 lg:size-8')}
        aria-hidden="true"
      />
      <div className="min-w-0">
        <p className="font-semibold text-foreground">{es.results.hiddenTitle}</p>
        <p>
          <span data-testid="results-hidden-answers" className="tabular-nums">
            {es.results.answers(respondents)}
          </span>
          {' · '}
          {es.results.hiddenDescription}
        </p>
      </div>
    </div>
  );
}
