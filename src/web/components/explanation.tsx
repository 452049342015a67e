import { cn } from '../lib/cn.ts';
import { MathText } from './math-text.tsx';
import { icon } from './ui/icons.tsx';

// lucide's 'lightbulb' (ISC), drawn by icon(): the results page carries no lucide runtime.
const Lightbulb = icon('lightbulb', [
  [
    'path',
    {
      d: 'M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5',
    },
  ],
  ['path', { d: 'M9 18h6' }],
  ['path', { d: 'M10 22h4' }],
]);

/**
 * A question's 'Explicación' (issue 27), under its results on a phone, the results page and
 * the projector. Its label says what it is, so neither its colour nor its icon must.
 */
export function Explanation({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  /** Its size where the page's text is not the phone's (the projector's slide). */
  className?: string;
}) {
  return (
    <aside
      data-testid="question-explanation"
      aria-label={label}
      className={cn(
        'mt-5 flex shrink-0 items-start gap-[0.6em] rounded-xl border bg-muted/50 p-[0.9em] text-base leading-relaxed text-foreground',
        className,
      )}
    >
      <Lightbulb
        className="mt-[0.15em] size-[1.2em] shrink-0 text-muted-foreground"
        aria-hidden="true"
      />
      <p className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-semibold">{label}: </span>
        <MathText text={text} />
      </p>
    </aside>
  );
}
