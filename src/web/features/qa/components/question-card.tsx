import { Pin, ThumbsUp } from 'lucide-react';
import type { QaQuestion } from '../../../../contract/qa.ts';
import { MathText } from '../../../components/math-text.tsx';
import { esQa as t } from '../../../i18n/es-qa.ts';
import { cn } from '../../../lib/cn.ts';

/** One audience question on a phone: text, who asked, and the 48 px vote button. */
export function QuestionCard({
  question,
  canVote,
  onVote,
}: {
  question: QaQuestion;
  canVote: boolean;
  onVote: (question: QaQuestion) => void;
}) {
  const held = question.state === 'held';
  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-xl border bg-card p-4',
        question.pinned && 'border-primary border-2',
      )}
      data-testid="qa-question"
    >
      <div className="grid min-w-0 flex-1 gap-1">
        {question.pinned ? (
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
            <Pin className="size-4" aria-hidden="true" />
            {t.highlighted}
          </span>
        ) : null}
        <p className="text-base leading-snug [overflow-wrap:anywhere]">
          <MathText text={question.text} />
        </p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {question.nickname ?? t.anonymous}
          {held ? (
            <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">
              {t.pendingReview}
            </span>
          ) : null}
        </p>
      </div>
      {held ? null : (
        <button
          type="button"
          aria-pressed={question.votedByMe}
          disabled={!canVote}
          onClick={() => onVote(question)}
          className={cn(
            'flex min-h-12 min-w-12 shrink-0 flex-col items-center justify-center rounded-lg border-2 px-2 text-sm font-semibold tabular-nums transition-colors focus-visible:outline-3 focus-visible:outline-ring disabled:opacity-50',
            question.votedByMe
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <ThumbsUp
            className="size-5"
            aria-hidden="true"
            fill={question.votedByMe ? 'currentColor' : 'none'}
          />
          <span className="sr-only">{t.voteLabel}</span>
          <span>{question.votes}</span>
          <span className="sr-only">{question.votes === 1 ? t.voteUnit : t.votesUnit}</span>
        </button>
      )}
    </li>
  );
}
