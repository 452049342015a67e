import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('lets a later class replace an earlier one of the same kind and variant', () => {
    expect(cn('px-4 py-12 text-center', 'py-16')).toBe('px-4 text-center py-16');
    expect(cn('inline-flex justify-center', 'justify-start')).toBe('inline-flex justify-start');
    expect(cn('text-xs font-semibold text-foreground', 'text-xl', 'text-muted-foreground')).toBe(
      'font-semibold text-xl text-muted-foreground',
    );
    expect(cn('rounded-full border px-2.5', 'ring-4 ring-destructive/25')).toBe(
      'rounded-full border px-2.5 ring-4 ring-destructive/25',
    );
    expect(cn('bg-background hover:bg-muted', 'bg-muted')).toBe('hover:bg-muted bg-muted');
  });

  it('keeps a narrower class after a wider one, and drops narrower ones before a wider one', () => {
    expect(cn('p-5 pb-3', 'px-3 sm:px-5')).toBe('p-5 pb-3 px-3 sm:px-5');
    expect(cn('px-3 pt-2', 'p-4')).toBe('p-4');
  });

  it('takes an arbitrary size for a size, so a colour after it keeps both', () => {
    expect(cn('text-[max(calc(var(--u)*1.35),1.125rem)]', 'text-muted-foreground')).toBe(
      'text-[max(calc(var(--u)*1.35),1.125rem)] text-muted-foreground',
    );
    expect(cn('text-[2rem] text-accent', 'text-lg')).toBe('text-accent text-lg');
  });

  it('keeps classes of different variants and classes it does not know', () => {
    expect(cn('max-sm:sr-only sm:text-sm text-xs [&_svg]:size-4', 'size-6')).toBe(
      'max-sm:sr-only sm:text-sm text-xs [&_svg]:size-4 size-6',
    );
    expect(cn('max-w-md', 'max-w-xl', false, undefined, 'w-full')).toBe('max-w-xl w-full');
    expect(cn('flex flex-col', 'grid')).toBe('flex-col grid');
  });
});
