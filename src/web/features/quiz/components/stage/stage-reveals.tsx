import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { SummaryQuestion } from '../../../../../contract/summary.ts';
import { MathText } from '../../../../components/math-text.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { cn } from '../../../../lib/cn.ts';
import { byOrdinal } from '../../../../lib/order.ts';
import { formatNumber } from '../../../../question-types/number/format.ts';
import { Histogram } from '../../../../question-types/number/histogram.tsx';

const t = esQuiz.stage;
const optionSize = 'text-[max(calc(var(--u)*var(--fo,1.9)),1rem)]';

/**
 * 'Ordenar' in a quiz, after the close: the correct order (the authored one, which the host's
 * summary carries) and, per place, how many put that option there, as a bar and in words.
 */
export function StageRankingReveal({ question }: { question: SummaryQuestion }) {
  const options = byOrdinal(question.options);
  const base = question.respondents;
  return (
    <ol
      className="grid min-h-0 content-start gap-[calc(var(--u)*1.1)]"
      data-testid="quiz-stage-order"
    >
      {options.map((option, index) => {
        const inPlace = option.positions?.[index] ?? 0;
        const percent = base > 0 ? Math.round((inPlace / base) * 100) : 0;
        return (
          <li key={option.id} className={cn(optionSize, 'min-w-0')} data-testid="quiz-stage-place">
            <div className="mb-[calc(var(--u)*0.3)] flex items-baseline justify-between gap-[calc(var(--u)*1.2)]">
              <span className="flex min-w-0 items-baseline gap-[calc(var(--u)*0.6)] leading-tight font-bold [overflow-wrap:anywhere]">
                <span className="shrink-0 tabular-nums">{t.place(index + 1)}</span>
                <span>
                  <MathText text={option.text} />
                </span>
              </span>
              <span className="shrink-0 font-semibold whitespace-nowrap text-muted-foreground tabular-nums">
                {t.inPlace(inPlace, percent)}
              </span>
            </div>
            <div
              className="h-[max(calc(var(--u)*0.6*var(--fo,1.9)),0.6rem)] w-full overflow-hidden rounded-full bg-bar-track"
              aria-hidden="true"
            >
              <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** 'Número' in a quiz, after the close: the histogram with the median and the accepted band,
 *  the correct value said in words (the Histogram's own list), sized like the stage's options. */
export function StageNumberReveal({ question }: { question: SummaryQuestion }) {
  const size = { '--fb': 'calc(var(--fo, 1.9) / 1.9)' } as CSSProperties;
  return (
    <div className="flex min-h-0 flex-1 flex-col" style={size} data-testid="quiz-stage-number">
      <p
        className={cn(
          optionSize,
          'mb-[calc(var(--u)*0.8)] flex items-center gap-[0.4em] font-bold',
        )}
      >
        <Check className="size-[1em] shrink-0 text-success" aria-hidden="true" />
        {correctValueText(question)}
      </p>
      <Histogram question={question} variant="slide" />
    </div>
  );
}

/** 'Respuesta correcta: 100 °C (± 2,5)', or that it scores nothing when no value was set. */
export function correctValueText(question: SummaryQuestion): string {
  if (question.correctValue == null) return t.unscored;
  const decimals = question.number?.decimals ?? 3;
  const unit = question.number?.unit ? ` ${question.number.unit}` : '';
  const margin = question.tolerance ? `${formatNumber(question.tolerance, decimals)}${unit}` : null;
  return t.correctValue(`${formatNumber(question.correctValue, decimals)}${unit}`, margin);
}
