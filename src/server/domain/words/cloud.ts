import { CLOUD_WORDS_MAX, type SummaryWord } from '../../../contract/index.ts';
import type { WordCount } from '../../store/store.ts';

/** A folded word of the cloud with its total and the spelling shown. */
interface CloudEntry {
  key: string;
  text: string;
  count: number;
}

/** Written in capitals ('CLOROFILA'): some capital letter and no lower-case one. */
function shouted(spelling: string): boolean {
  return spelling !== spelling.toLowerCase() && spelling === spelling.toUpperCase();
}

/** Whether `a` is the spelling to show rather than `b`: a calm one over a shouted one, then
 *  the one more answers used, then the first in code-point order. */
function better(a: WordCount, b: WordCount): boolean {
  const calm = Number(shouted(b.spelling)) - Number(shouted(a.spelling));
  if (calm !== 0) return calm > 0;
  return a.count > b.count || (a.count === b.count && a.spelling < b.spelling);
}

/**
 * The store keeps one counter per spelling; the cloud shows one entry per folded word, with the
 * total of its spellings and one spelling as typed: in calm case when someone typed it so
 * ('Clorofila' rather than 'CLOROFILA', issue 17), else the one most answers used (ties: the
 * first in code-point order, so every instance shows the same). Most frequent first, ties by key: an answer moves
 * the words it counts, never the order of the others. O(spellings kept), bounded by
 * TEXT_WORDS_MAX.
 */
export function cloudEntries(words: WordCount[]): CloudEntry[] {
  const byKey = new Map<string, { count: number; best: WordCount }>();
  for (const w of words) {
    if (w.count <= 0) continue;
    const entry = byKey.get(w.key);
    if (!entry) {
      byKey.set(w.key, { count: w.count, best: w });
      continue;
    }
    entry.count += w.count;
    if (better(w, entry.best)) entry.best = w;
  }
  return [...byKey]
    .map(([key, { count, best }]) => ({ key, text: best.spelling, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Whether the host hid a word (moderation/hidden-words.ts): by its folded key. */
type IsHidden = (key: string) => boolean;

/** The host's cloud: the top words, hidden ones among them marked. */
export function hostCloud(entries: CloudEntry[], isHidden: IsHidden): SummaryWord[] {
  return entries
    .slice(0, CLOUD_WORDS_MAX)
    .map((e) =>
      isHidden(e.key)
        ? { text: e.text, count: e.count, hidden: true }
        : { text: e.text, count: e.count },
    );
}

/** Everyone else's: hidden words are not there at all, and the next ones take their places. */
export function publicCloud(entries: CloudEntry[], isHidden: IsHidden): SummaryWord[] {
  const shown: SummaryWord[] = [];
  for (const e of entries) {
    if (shown.length === CLOUD_WORDS_MAX) break;
    if (!isHidden(e.key)) shown.push({ text: e.text, count: e.count });
  }
  return shown;
}
