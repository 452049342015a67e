import { units } from './negations.ts';
import { STOP_WORDS_ES } from './stop-words-es.ts';

/**
 * How an open answer becomes words of the cloud (issue 13).
 *
 * - Text is NFC (the contract's hygiene already made it so); invisible characters (zero-width
 *   spaces and joiners, soft hyphens…) are dropped, so 'ca\u200Bfé' groups with 'café'.
 * - Tokens are runs of letters, digits and marks: every punctuation mark, symbol, emoji or
 *   space separates words and is never part of one ('¡Genial!' → 'Genial'). A lone letter is
 *   not a word (they are all articles or conjunctions); a lone digit is.
 * - Grouping key (foldWord): lower case, accents off ('Café', 'CAFE', 'café' → 'cafe') but ñ kept,
 *   since 'año' and 'ano' are different words. The cloud shows, for each key, the spelling
 *   most answers used (counted per spelling in the store).
 * - Phrases, the choice asked for: an answer of two or three words, once stop words are
 *   trimmed from its ends, counts as ONE phrase ('Trabajo en equipo' stays whole; 'el café'
 *   trims to the word 'café'). A phrase is spelled as typed between its first and last word,
 *   never with a word taken from inside ('Clorofila y luz', not 'Clorofila luz'). Answers to a word-cloud question are mostly that
 *   short, and splitting 'trabajo en equipo' or 'aprender cosas nuevas' loses what they say.
 *   Longer answers count each distinct word once, stop words left out. An answer of a single
 *   word counts even when it is a stop word ('No'), since that was the whole answer.
 * - A negation stays with what it negates, as one term ('ni idea', 'no me entero', 'sin
 *   azúcar'), in a phrase or a longer answer alike (negations.ts, issue 24).
 * - Each answer counts a key at most once: the cloud counts answers that mention a word, so
 *   one person writing 'café café café' weighs as one.
 */

export interface CloudWord {
  /** Folded: what answers are grouped by (and what the host hides). */
  key: string;
  /** As typed (NFC, punctuation removed; phrase words joined by one space). */
  spelling: string;
}

/** Longest phrase, in words. */
const PHRASE_MAX_WORDS = 3;

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
const SINGLE_LETTER = /^\p{L}\p{M}*$/u;

const ASCII = /^[\x20-\x7e]*$/;
const JOINING = /^[\s\p{L}\p{M}]*$/u;

/** Case and accents folded for grouping; ñ stays ñ ('año' is not 'ano'). Spanish has no
 *  casing rule of its own, so the locale-free lower case is the same and much cheaper; a word
 *  in ASCII has no accent to fold (most of them: this is on the ballot path). */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  if (ASCII.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(/n\u0303|\p{M}+/gu, (match) => (match === 'n\u0303' ? 'ñ' : ''))
    .normalize('NFC');
}

const STOP = new Set(STOP_WORDS_ES.map(foldWord));
const isStop = (key: string) => STOP.has(key);

/** A word as typed, and where it sits in the answer (NFC, invisible characters dropped). */
interface Token {
  text: string;
  start: number;
  end: number;
}

function locate(clean: string): Token[] {
  const found: Token[] = [];
  for (const m of clean.matchAll(TOKEN)) {
    if (SINGLE_LETTER.test(m[0])) continue;
    found.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return found;
}

const tidy = (text: string) => text.normalize('NFC').replace(INVISIBLE, '');

/** The answer's words as typed, punctuation and lone letters left out. */
export function tokens(text: string): string[] {
  return locate(tidy(text)).map((t) => t.text);
}

/** The key a word or phrase typed by the host names (hide-word), folded as the cloud folds. */
export function foldKey(text: string): string {
  return tokens(text).map(foldWord).join(' ');
}

/** What one answer adds to its question's cloud (see the rules above). */
export function cloudWords(text: string): CloudWord[] {
  const clean = tidy(text);
  const located = locate(clean);
  const all = located.map((t) => t.text);
  if (all.length === 1) return [{ key: foldWord(all[0]!), spelling: all[0]! }];
  const keys = all.map(foldWord);
  // Spaces (and lone letters, not words: 'no a la guerra') only, no punctuation, between two.
  const joined = (i: number) => JOINING.test(clean.slice(located[i]!.end, located[i + 1]!.start));
  const said = units(keys, isStop, joined);
  if (said.length === 0) return [];
  // Shown as typed, from its first word to its last: what lies between (a lone 'y', a comma,
  // a masked 'p*ta') stays, only runs of spaces become one (issue 17: 'Clorofila y luz').
  const term = (first: number, last: number): CloudWord => ({
    key: first === last ? keys[first]! : keys.slice(first, last + 1).join(' '),
    spelling:
      first === last
        ? all[first]!
        : clean.slice(located[first]!.start, located[last]!.end).replace(/\s+/gu, ' '),
  });
  const start = said[0]!.first;
  const end = said.at(-1)!.last;
  if (end - start + 1 <= PHRASE_MAX_WORDS) return [term(start, end)];
  const seen = new Set<string>();
  const words: CloudWord[] = [];
  for (const unit of said) {
    const word = term(unit.first, unit.last);
    if (seen.has(word.key)) continue;
    seen.add(word.key);
    words.push(word);
  }
  return words;
}
