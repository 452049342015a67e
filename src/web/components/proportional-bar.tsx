import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

type ProportionalBarProps = {
  /** The bar's share of the tallest possible bar, 0..1. */
  height: number;
  /** The count (and percent) drawn just above the bar. */
  label: ReactNode;
  /** Lines the label takes: their room is kept above the tallest bar. */
  labelLines?: 1 | 2;
  barClassName?: string;
};

/**
 * One column of a histogram whose height is its share of the column's room, always: the label
 * rides on top of the bar inside room kept for it above the tallest one. (The label used to sit
 * in the same flex column as a bar of height N %, so every bar above ~85 % was squeezed to the
 * same height: 6 and 7 votes drew equally tall.) Fills its parent's height; font size from it.
 */
export function ProportionalBar({
  height,
  label,
  labelLines = 1,
  barClassName,
}: ProportionalBarProps) {
  const share = `${Math.min(1, Math.max(0, height)) * 100}%`;
  return (
    <div
      className={cn('h-full leading-[1.25]', labelLines === 2 ? 'pt-[2.6em]' : 'pt-[1.4em]')}
      data-testid="histogram-column"
    >
      <div className="relative h-full">
        <div
          className="absolute inset-x-0 flex justify-center pb-[0.15em] whitespace-nowrap transition-[bottom] duration-300 ease-out motion-reduce:transition-none"
          style={{ bottom: share }}
        >
          {label}
        </div>
        <div
          className={cn(
            'absolute inset-x-0 bottom-0 bg-bar transition-[height] duration-300 ease-out motion-reduce:transition-none',
            barClassName,
          )}
          style={{ height: share }}
          aria-hidden="true"
          data-testid="histogram-bar"
        />
      </div>
    </div>
  );
}
