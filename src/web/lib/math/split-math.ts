/** A piece of typed text: plain text, or a formula's LaTeX source. */
export type MathPart = string | { tex: string; display: boolean };

/**
 * Splits text into plain text and formulas. `$$…$$` is a displayed formula; `$…$` an inline one
 * only when no space follows the opening `$`, no space precedes the closing one and no digit
 * follows it (pandoc's rule), so prices such as "$5 y $10" or "$5-$10" stay text. `\$` is a
 * literal dollar outside a formula and stays as typed inside one (KaTeX reads it as a dollar).
 * A formula runs to its first unescaped closing mark (`$$` for a displayed one); one that is never closed is plain text.
 */
export function splitMath(text: string): MathPart[] {
  const parts: MathPart[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '\\' && text[i + 1] === '$') {
      plain += '$';
      i += 2;
    } else if (text[i] === '$') {
      const display = text[i + 1] === '$';
      const start = i + (display ? 2 : 1);
      const end = closingOf(text, start, display);
      if (end < 0) {
        plain += text.slice(i, start);
        i = start;
      } else {
        if (plain) parts.push(plain);
        plain = '';
        parts.push({ tex: text.slice(start, end), display });
        i = end + (display ? 2 : 1);
      }
    } else {
      plain += text[i++];
    }
  }
  if (plain) parts.push(plain);
  return parts;
}

const SPACE = /\s/;

/** Where the formula opened before `start` closes, or -1 when it is not a formula. */
function closingOf(text: string, start: number, display: boolean): number {
  if (!display && (start >= text.length || SPACE.test(text[start] as string))) return -1;
  let j = start;
  const closes = (k: number) => text[k] === '$' && (!display || text[k + 1] === '$');
  while (j < text.length && !closes(j)) j += text[j] === '\\' ? 2 : 1;
  if (j >= text.length) return -1;
  if (display) return text.slice(start, j).trim() ? j : -1;
  const before = text[j - 1] as string;
  const after = text[j + 1] ?? '';
  return j > start && !SPACE.test(before) && !/\d/.test(after) ? j : -1;
}

/** Whether the text holds a formula (the pages load KaTeX only then). */
export function hasMath(text: string): boolean {
  return text.includes('$') && splitMath(text).some((part) => typeof part !== 'string');
}
