import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors focus-visible:outline-3 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

const VARIANTS = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  outline: 'border bg-card hover:bg-muted',
  ghost: 'hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  link: 'text-primary underline-offset-4 hover:underline',
};

const SIZES = {
  default: 'h-10 px-4 text-sm',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

export type ButtonVariantProps = {
  /** 'default' when left out; null: none. */
  variant?: keyof typeof VARIANTS | null;
  /** 'default' when left out; null: none. */
  size?: keyof typeof SIZES | null;
};

/**
 * The classes of a button (or of a link that looks like one): base, variant, size, then
 * `className`, as class-variance-authority would join them, without its runtime in the vote
 * page's chunk (Badge, elsewhere, still uses cva).
 */
export function buttonVariants({
  variant,
  size,
  className,
}: ButtonVariantProps & { className?: string } = {}): string {
  return [
    BASE,
    variant === null ? '' : VARIANTS[variant ?? 'default'],
    size === null ? '' : SIZES[size ?? 'default'],
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

/** A link styled as a button takes buttonVariants() (no Slot: its ~1 KB would ride on every page). */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
