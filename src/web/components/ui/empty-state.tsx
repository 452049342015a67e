import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import type { IconComponent } from './icons.tsx';

type EmptyStateProps = {
  icon: IconComponent;
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
  /**
   * 1 when the block is the whole screen (a page needs its h1), 3 inside a card titled by an h2;
   * screen readers navigate by these levels.
   */
  level?: 1 | 2 | 3;
};

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  level = 2,
}: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 px-4 py-12 text-center',
        className,
      )}
    >
      <div className="rounded-full bg-muted p-4 text-muted-foreground">
        <Icon className="size-8" aria-hidden="true" />
      </div>
      <Heading className="text-xl font-semibold">{title}</Heading>
      {description ? <p className="max-w-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
