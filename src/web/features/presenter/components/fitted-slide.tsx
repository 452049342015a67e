import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { esSlides } from '../../../i18n/es-slides.ts';
import { cn } from '../../../lib/cn.ts';
import {
  FIRST_FIT,
  fitStyle,
  measureFit,
  pageCount,
  pageRange,
  type SlideFit,
} from '../lib/slide-fit.ts';

/** How long a page of options stays before the next one comes by itself. */
export const AUTO_PAGE_MS = 8000;

/** The keys ↓ and ↑ page through options that do not fit one screen. */
export type SlidePager = { next(): void; previous(): void };

/** What a slide's body draws: which items are on screen now, and in how many columns. */
export type SlideView = {
  fit: SlideFit;
  start: number;
  end: number;
  page: number;
  pages: number;
};

type FittedSlideProps = {
  /** The question, as the slide's h1 (its id labels the section). */
  heading: ReactNode;
  headingId: string;
  /** A line under the heading ('12 personas respondieron'). */
  meta?: ReactNode;
  /** How many items the body pages through (0: a body that is not a list, e.g. a cloud). */
  itemCount: number;
  /** Changes when the layout must be measured again (texts, kind); counts do not. */
  fitKey: string;
  pagerRef?: Ref<SlidePager>;
  /** Told how many pages the items take (1 when they all fit), e.g. to offer paging buttons. */
  onPagesChange?: (pages: number) => void;
  children: (view: SlideView) => ReactNode;
  className?: string;
  'data-testid'?: string;
  'data-question-id'?: number;
  'data-hidden'?: boolean;
};

/**
 * One projected slide that always fits the room it is given: it measures itself (see
 * measureFit) whenever its content or size changes, shrinks the type step by step down to the
 * floor, flows list items into columns, and past that pages through them ('Opciones 9–16 de
 * 20'), each page by itself after AUTO_PAGE_MS or by the keys ↓ ↑ (a key press stops the
 * automatic paging on this slide: the presenter has taken over). Bodies built on it (options,
 * a quiz's answers) size their type with --fo and lay items out with ItemGrid.
 */
export function FittedSlide({
  heading,
  headingId,
  meta,
  itemCount,
  fitKey,
  pagerRef,
  onPagesChange,
  children,
  className,
  ...data
}: FittedSlideProps) {
  const ref = useRef<HTMLElement>(null);
  const [fit, setFit] = useState<SlideFit>(FIRST_FIT);
  const [measured, setMeasured] = useState(false);
  const [page, setPage] = useState(0);
  const [manual, setManual] = useState(false);
  const pageRef = useRef(page);
  pageRef.current = page;
  const pages = pageCount(fit, itemCount);

  const measure = useCallback(() => {
    const slide = ref.current;
    if (!slide) return;
    const next = measureFit(slide, itemCount, pageRef.current);
    setFit((current) =>
      current.step === next.step &&
      current.columns === next.columns &&
      current.perPage === next.perPage
        ? current
        : next,
    );
    setMeasured(true);
  }, [itemCount]);

  // Before paint, whenever what is drawn changes shape; fitKey stands for the texts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fitKey is the trigger, not an input
  useLayoutEffect(measure, [measure, fitKey]);

  // The window (and so the slide's room) changes: measure again, once per frame at most.
  useEffect(() => {
    const slide = ref.current;
    if (!slide || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    let last = '';
    const observer = new ResizeObserver(() => {
      const size = `${slide.clientWidth}×${slide.clientHeight}`;
      if (size === last) return;
      last = size;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(slide);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [measure]);

  useEffect(() => onPagesChange?.(pages), [onPagesChange, pages]);

  const safePage = Math.min(page, pages - 1);
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

  useEffect(() => {
    if (pages <= 1 || manual) return;
    const timer = setTimeout(() => setPage((safePage + 1) % pages), AUTO_PAGE_MS);
    return () => clearTimeout(timer);
  }, [safePage, pages, manual]);

  const [start, end] = pageRange(fit, itemCount, safePage);
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      style={fitStyle(fit)}
      data-fit={measured ? 'done' : 'measuring'}
      data-fit-step={fit.step}
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-[max(calc(var(--u)*1.2*var(--fb)),0.75rem)] overflow-hidden',
        className,
      )}
      {...data}
    >
      <div className="flex shrink-0 flex-col gap-[calc(var(--u)*0.4)]">
        <h1
          id={headingId}
          className="text-[max(calc(var(--u)*var(--fq)),1.25rem)] leading-tight font-extrabold [overflow-wrap:anywhere]"
        >
          {heading}
        </h1>
        {meta}
      </div>
      {children({ fit, start, end, page: safePage, pages })}
    </section>
  );
}

/**
 * The items of a FittedSlide in its columns, those off the current page hidden (kept in the
 * DOM so the fit can measure any page), and 'Opciones 9–16 de 20' while they are paged.
 * `children` draws item `index` as an `<li data-fit-item hidden={hidden}>`: measureFit shows
 * and hides those while it measures.
 */
export function ItemGrid({
  view,
  count,
  label,
  children,
}: {
  view: SlideView;
  count: number;
  label?: string;
  children: (index: number, hidden: boolean) => ReactNode;
}) {
  const paged = view.fit.perPage !== null;
  return (
    <div className="flex shrink-0 flex-col gap-[calc(var(--u)*0.8*var(--fo))]">
      <ol
        aria-label={label}
        className="grid grid-cols-[repeat(var(--cols),minmax(0,1fr))] content-start gap-x-[calc(var(--u)*2.5)] gap-y-[calc(var(--u)*0.9*var(--fo))]"
      >
        {Array.from({ length: count }, (_, i) => children(i, i < view.start || i >= view.end))}
      </ol>
      <p
        hidden={!paged}
        data-fit-page=""
        data-testid={paged ? 'presenter-option-page' : undefined}
        className="text-[max(calc(var(--u)*var(--fo)*0.8),1rem)] font-semibold text-muted-foreground tabular-nums"
      >
        {esSlides.optionPage(view.start + 1, view.end, count)}
      </p>
    </div>
  );
}
