import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import { MessageSquareDashed } from './icons.ts';

/** Shown when nothing public has been answered yet. */
export function NoAnswers({ large }: { large: boolean }) {
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-xl border border-dashed p-6 text-muted-foreground',
        large ? 'text-3xl' : 'text-base lg:text-xl',
      )}
      data-testid="text-no-answers"
    >
      <MessageSquareDashed className="size-[1.25em] shrink-0" aria-hidden="true" />
      {es.results.noTextAnswers}
    </div>
  );
}
