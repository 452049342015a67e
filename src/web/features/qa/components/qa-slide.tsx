import { MessageCircleQuestion, ThumbsUp } from 'lucide-react';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import type { Poll } from '../../../../contract/poll.ts';
import type { QaQuestion } from '../../../../contract/qa.ts';
import { MathText } from '../../../components/math-text.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { esQa as t } from '../../../i18n/es-qa.ts';
import { useQaFrame } from '../api/qa.ts';
import { pageCount, pageRange, useQaSlideFit } from './qa-slide-fit.ts';

/** How long a page of questions stays before the next comes by itself (as the options' pages). */
const AUTO_PAGE_MS = 8000;

/** The presenter's keys ↓ ↑ page through the list (its 'next-options' / 'previous-options'). */
export type QaPager = { next(): void; previous(): void };

type QaSlideProps = {
  poll: Poll;
  pagerRef?: Ref<QaPager>;
  /** Told how many pages the list takes, so the presenter offers its paging buttons. */
  onPagesChange?: (pages: number) => void;
};

/**
 * The projector's Q&A screen (key A). Follows the presenter's stream: every `qa` frame (at most
 * four a second) replaces what is shown. The highlighted question large, with its votes and
 * asker, then the most voted five, each whole; the rest of the frame's questions in pages of
 * five ('Preguntas 6–10 de 10'), by ↓ ↑ or by themselves. With nothing highlighted the list
 * fills the slide. Sizes are in the presenter's unit (--u) and shrink to a floor until the slide
 * fits above the join strip (useQaSlideFit).
 */
export function QaSlide({ poll, pagerRef, onPagesChange }: QaSlideProps) {
  const frame = useQaFrame(poll.slug);
  const pinned = frame?.pinned ?? null;
  const list = (frame?.top ?? []).filter((q) => q.id !== pinned?.id);
  const [page, setPage] = useState(0);
  const [manual, setManual] = useState(false);
  const fit = useQaSlideFit(fitKey(pinned, list), list.length, !!pinned, page);
  const { layout } = fit;
  const pages = pageCount(layout, list.length);
  const safePage = Math.min(page, pages - 1);
  const [start, end] = pageRange(layout, list.length, safePage);

  useImperativeHandle(
    pagerRef,
    () => ({
      next: () => {
        setManual(true);
        setPage((p) => Math.min(Math.min(p, pages - 1) + 1, pages - 1));
      },
      previous: () => {
        setManual(true);
        setPage((p) => Math.max(Math.min(p, pages - 1) - 1, 0));
      },
    }),
    [pages],
  );
  useEffect(() => onPagesChange?.(pages), [onPagesChange, pages]);
  useEffect(() => {
    if (pages <= 1 || manual) return;
    const timer = setTimeout(() => setPage((safePage + 1) % pages), AUTO_PAGE_MS);
    return () => clearTimeout(timer);
  }, [safePage, pages, manual]);

  if (!frame) return null;
  if (!pinned && list.length === 0) {
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
      {...fit.box}
      className="flex min-h-0 flex-1 flex-col gap-[calc(var(--u)*1.2)] overflow-hidden"
      aria-label={t.cardTitle}
      data-testid="qa-slide"
    >
      {pinned ? <Highlighted question={pinned} /> : null}
      {list.length > 0 ? (
        <div className="flex shrink-0 flex-col gap-[calc(var(--u)*0.5)]">
          <h2 className="text-[max(calc(var(--u)*var(--fi)*0.6),0.875rem)] font-semibold text-muted-foreground uppercase">
            {t.presenterNext}
          </h2>
          <ol className="flex flex-col gap-[calc(var(--u)*var(--fi)*0.4)]">
            {list.map((q, i) => (
              <li
                key={q.id}
                hidden={i < start || i >= end}
                data-qa-item=""
                data-testid="qa-slide-item"
                className="flex items-baseline gap-[0.7em] text-[max(calc(var(--u)*var(--fi)),1rem)] leading-tight"
              >
                <Votes question={q} className="min-w-[3.2em]" />
                <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  <span data-testid="qa-slide-item-text">
                    <MathText text={q.text} />
                  </span>
                  <span className="ml-[0.6em] text-[0.75em] text-muted-foreground">
                    — {q.nickname ?? t.anonymous}
                  </span>
                </p>
              </li>
            ))}
          </ol>
          <p
            hidden={pages <= 1}
            data-qa-page=""
            data-testid="qa-slide-page"
            className="text-[max(calc(var(--u)*var(--fi)*0.75),0.875rem)] font-semibold text-muted-foreground tabular-nums"
          >
            {t.presenterPage(start + 1, end, list.length)}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** What changes the slide's shape: the texts, names and order; vote counts do not (3 digits kept). */
function fitKey(pinned: QaQuestion | null, list: QaQuestion[]): string {
  const widest = Math.max(0, pinned?.votes ?? 0, ...list.map((q) => q.votes));
  return JSON.stringify([
    pinned ? [pinned.id, pinned.text, pinned.nickname] : null,
    list.map((q) => [q.id, q.text, q.nickname]),
    String(widest).length > 3 ? String(widest).length : 3,
  ]);
}

function Highlighted({ question }: { question: QaQuestion }) {
  return (
    <figure className="flex shrink-0 flex-col gap-[calc(var(--u)*0.5)]" aria-live="polite">
      <blockquote
        className="text-[max(calc(var(--u)*var(--fh)),1.5rem)] leading-tight font-bold [overflow-wrap:anywhere]"
        data-qa-highlighted=""
        data-testid="qa-slide-highlighted"
      >
        <MathText text={question.text} />
      </blockquote>
      <figcaption className="flex flex-wrap items-baseline gap-x-[calc(var(--u)*1.6)] text-[max(calc(var(--u)*var(--fh)*0.45),1rem)] text-muted-foreground">
        <span className="rounded-full bg-primary px-[0.6em] text-[0.8em] font-semibold text-primary-foreground uppercase">
          {t.highlighted}
        </span>
        <Votes question={question} />
        <span className="min-w-0 [overflow-wrap:anywhere]">{question.nickname ?? t.anonymous}</span>
      </figcaption>
    </figure>
  );
}

function Votes({ question, className }: { question: QaQuestion; className?: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-[0.3em] font-semibold text-foreground tabular-nums ${className ?? ''}`}
    >
      <ThumbsUp className="size-[0.9em]" aria-hidden="true" />
      <span>{question.votes}</span>
      <span className="sr-only">{t.votes(question.votes)}</span>
    </span>
  );
}
