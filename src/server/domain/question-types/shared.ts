import type { Option } from '../../../contract/index.ts';
import type { OptionRecord } from '../../store/store.ts';
import type { OptionRow, SummaryRowPart } from './type-module.ts';

/** `correct` only when the caller may know it: the host always (see Option in contract). */
export function optionView(option: OptionRecord, reveal = true): Option {
  const view: Option = { id: option.id, text: option.text, ordinal: option.ordinal };
  if (reveal) view.correct = option.correct;
  return view;
}

/**
 * The host's non-empty rows in the order of their ordinals (the form's order when none are
 * given), renumbered 1..n. How many there may be is the caller's check (domain/questions.ts).
 */
export function authoredOptions(rows: OptionRow[], keepCorrect = true): OptionRow[] {
  return rows
    .map((row, index) => ({
      text: row.text.trim(),
      key: row.ordinal ?? index + 1,
      index,
      correct: keepCorrect && !!row.correct,
    }))
    .filter((row) => row.text.length > 0)
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((row, i) => ({ text: row.text, ordinal: i + 1, correct: row.correct }));
}

/** A share of `base`, null when nobody answered. */
export function shareOf(base: number): (count: number) => number | null {
  return (count) => (base > 0 ? count / base : null);
}

export function row(option: string | number, count: number, share: number | null): SummaryRowPart {
  return { option, count, share };
}

/** The question's text in a message: «…». */
export function named(question: { text: string }): string {
  return `«${question.text}»`;
}
