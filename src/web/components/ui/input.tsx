import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

// 16 px text at least: iOS zooms into smaller inputs on focus.
const fieldClass =
  'w-full rounded-lg border bg-background px-3 text-base text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-3 focus-visible:outline-ring focus-visible:outline-offset-1 disabled:opacity-50 aria-invalid:border-destructive';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-20 py-2', className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-11', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control.
  return <label className={cn('text-sm font-medium leading-none', className)} {...props} />;
}
