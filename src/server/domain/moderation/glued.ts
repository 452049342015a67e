/**
 * Insults glued into a longer word (issue 24), for the word matcher (matcher.ts): a class types
 * a sentence without spaces ('eresunaputa', 'tuputamadre', 'jajajamierdaxd'), but a place name
 * or a Spanish word with an insult inside ('Villaputas', 'Mamonal') is no sentence. A listed
 * word inside a longer one counts only when the rest reads as the words a sentence puts around
 * an insult (glue-es.ts): before it, words that introduce it (or another insult); after it, one
 * of its own endings and words the last of which may close a sentence.
 *
 * Every piece of every answer goes through this, so words are found by walking tries, letter by
 * letter, without cutting strings: most pieces are done after a letter or two.
 */

/** A set of words as a tree of letters; `ends` marks where a word ends. */
export class Trie {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly endsHere: boolean[] = [false];

  constructor(words: Iterable<string>) {
    for (const w of words) this.add(w);
  }

  private add(word: string): void {
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      let child = this.next[node]!.get(c);
      if (child === undefined) {
        child = this.next.length;
        this.next.push(new Map());
        this.endsHere.push(false);
        this.next[node]!.set(c, child);
      }
      node = child;
    }
    this.endsHere[node] = true;
  }

  /** Writes into `out` where each word of the trie that starts at `from` in `text` ends,
   *  shortest first; returns how many. */
  ends(text: string, from: number, out: Int32Array): number {
    let node = 0;
    let count = 0;
    for (let i = from; i < text.length && count < out.length; i++) {
      const child = this.next[node]!.get(text.charCodeAt(i));
      if (child === undefined) break;
      node = child;
      if (this.endsHere[node]) out[count++] = i + 1;
    }
    return count;
  }
}

export interface GlueTries {
  /** Words before an insult. */
  before: Trie;
  /** Words that may close a sentence after it. */
  after: Trie;
  /** Words after it that may not be last. */
  between: Trie;
  /** The insult's own endings. */
  endings: Trie;
}

/** Reused for every piece: no allocation on the hot path (pieces are short; a longer one
 *  gets its own). */
const REACH = new Uint8Array(128);
const ENDS = new Int32Array(64);

/** Shortest insult read inside a longer word: shorter ones are inside too many words. */
const GLUED_MIN = 4;

/**
 * Whether `word` (a skeleton, one piece) holds a word of `insults` with glue around it. The
 * word itself being listed is the caller's test, not this one's.
 */
export function gluedInsult(word: string, insults: Trie, glue: GlueTries): boolean {
  const n = word.length;
  if (n <= GLUED_MIN) return false;
  // reach[p]: the word's first p letters read as glue (or insults) before an insult.
  const reach = n < REACH.length ? REACH.fill(0, 0, n + 1) : new Uint8Array(n + 1);
  reach[0] = 1;
  for (let p = 0; p < n; p++) {
    if (reach[p] === 0) continue;
    // An insult here, or one letter back: a letter shared across the glue is read once
    // ('xq' + 'cabron' folds 'xcabron').
    if (insultFrom(word, p, insults, glue, reach)) return true;
    if (p > 0 && insultFrom(word, p - 1, insults, glue, reach)) return true;
    const count = glue.before.ends(word, p, ENDS);
    for (let k = 0; k < count; k++) reach[ENDS[k]!] = 1;
  }
  return false;
}

/** An insult from `start` followed by what may follow one; else marks where it ends, for an
 *  insult after it ('putocabron'). */
function insultFrom(
  word: string,
  start: number,
  insults: Trie,
  glue: GlueTries,
  reach: Uint8Array,
): boolean {
  const n = word.length;
  const count = insults.ends(word, start, ENDS);
  if (count === 0) return false;
  const ends = ENDS.slice(0, count);
  for (const end of ends) {
    if (end - start < GLUED_MIN || (start === 0 && end === n)) continue;
    // A letter may be shared with what follows ('putaamigo' is no case, 'putaaxd' is).
    if (readsAfter(word, end, glue) || readsAfter(word, end - 1, glue)) return true;
    reach[end] = 1;
  }
  return false;
}

/** Whether the word from `from` on reads as an insult's ending and closing words. */
function readsAfter(word: string, from: number, glue: GlueTries): boolean {
  const n = word.length;
  if (from === n) return true;
  // state[k]: 0 not reached, 1 reached and may end there, 2 reached but may not end there.
  const state = new Uint8Array(n + 1);
  state[from] = 1;
  const buffer = new Int32Array(16);
  let count = glue.endings.ends(word, from, buffer);
  for (let k = 0; k < count; k++) state[buffer[k]!] = 1;
  for (let k = from; k < n; k++) {
    if (state[k] === 0) continue;
    count = glue.after.ends(word, k, buffer);
    for (let m = 0; m < count; m++) state[buffer[m]!] = 1;
    count = glue.between.ends(word, k, buffer);
    for (let m = 0; m < count; m++) if (state[buffer[m]!] === 0) state[buffer[m]!] = 2;
  }
  return state[n] === 1;
}
