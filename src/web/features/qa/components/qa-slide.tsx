import { MessageCircleQuestion, ThumbsUp } from 'lucide-react';
import type { Poll } from '../../../../contract/poll.ts';
import type { QaQuestion } from '../../../../contract/qa.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { esQa as t } from '../../../i18n/es-qa.ts';
import { useQaFrame } from '../api/qa.ts';

/** The projector's Q&A screen (key A): the highlighted question large, then the top five. */
const NEXT = 5;

/**
 * Follows the presenter's stream: every `qa` frame (at most four a second) replaces what is
 * shown. Sizes follow the presenter's unit (--u, a hundredth of the 16:9 box's width): the
 * highlighted question is 4.4u, 48 px at 1920×1080 and more; the next ones 2.2u.
 */
export function QaSlide({ poll }: { poll: Poll }) {
  const frame = useQaFrame(poll.slug);
  if (!frame) return null;
  const highlighted = frame.pinned ?? frame.top[0] ?? null;
  const next = frame.top.filter((q) => q.id !== highlighted?.id).slice(0, NEXT);
  if (!highlighted) {
    return (
      <EmptyState
        icon={MessageCircleQuestion}
        level={2}
        title={t.presenterEmpty}
        description={t.presenterEmptyHelp}
      />
    );
  }
  return (
    <section
      className="flex min-h-0 flex-1 flex-col gap-[calc(var(--u)*2)]"
      aria-label={t.cardTitle}
      data-testid="qa-slide"
    >
      <figure className="grid gap-[calc(var(--u)*1)]" aria-live="polite">
        {highlighted.pinned ? (
          <p className="text-[max(calc(var(--u)*1.4),1rem)] font-semibold text-primary uppercase">
            {t.highlighted}
          </p>
        ) : null}
        <blockquote
          className="line-clamp-4 text-[max(calc(var(--u)*4.4),1.75rem)] leading-tight font-bold [overflow-wrap:anywhere]"
          data-testid="qa-slide-highlighted"
        >
          {highlighted.text}
        </blockquote>
        <figcaption className="flex items-center gap-[calc(var(--u)*2)] text-[max(calc(var(--u)*2),1.125rem)] text-muted-foreground">
          <Votes question={highlighted} />
          <span className="[overflow-wrap:anywhere]">{highlighted.nickname ?? t.anonymous}</span>
        </figcaption>
      </figure>
      {next.length > 0 ? (
        <div className="grid min-h-0 gap-[calc(var(--u)*0.8)]">
          <h2 className="text-[max(calc(var(--u)*1.4),1rem)] font-semibold text-muted-foreground uppercase">
            {t.presenterNext}
          </h2>
          <ol className="grid min-h-0 gap-[calc(var(--u)*0.6)] overflow-hidden">
            {next.map((q) => (
              <li
                key={q.id}
                className="flex items-baseline gap-[calc(var(--u)*1.5)] text-[max(calc(var(--u)*2.2),1.125rem)]"
              >
                <Votes question={q} />
                <span className="line-clamp-2 min-w-0 flex-1 [overflow-wrap:anywhere]">
                  {q.text}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

function Votes({ question }: { question: QaQuestion }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-[0.3em] font-semibold text-foreground tabular-nums">
      <ThumbsUp className="size-[0.9em]" aria-hidden="true" />
      <span>{question.votes}</span>
      <span className="sr-only">{t.votes(question.votes)}</span>
    </span>
  );
}
