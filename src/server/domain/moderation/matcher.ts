import { glueTries, keysOfAll } from './entry-keys.ts';
import { foldLetters, hasInnerMask, type Piece, pieces, SCRIPTS, skeletonOf } from './fold.ts';
import { type GlueTries, gluedInsult, Trie } from './glued.ts';

/**
 * Whether a text contains a word of a list, however it is spelled (fold.ts): the profanity list
 * (profanity.ts), a host's hidden words and a poll's blocked words all use it.
 *
 * Pieces (tokens) are checked alone and joined with the next ones, so a word split by spaces,
 * dots or dashes ('p u t a', 'gilipo-llas') and a phrase typed together or apart ('me la suda',
 * 'melasuda') both match. A piece or joined run matches when its skeleton is
 * - a listed word or phrase, or its plural in -s or -es;
 * - a word starting with a listed stem ('gilipoll' → 'gilipollez');
 * - a listed word or phrase of 6 letters or more with one letter inserted ('mierxda'), not a
 *   vowel nor n, r, s or l: shorter words and those letters give Spanish words too often (x or
 *   w, rare in Spanish, also in words of 4 or 5 letters and across pieces);
 * - (one piece) a longer word with a "glued" entry inside ('xXniggerXx'); with `glue`, any
 *   listed word of 4 letters or more but those held on doubt, only when the rest reads as words
 *   a sentence puts around it (glued.ts, glue-es.ts: 'eresunaputa'), so 'Villaputas' and
 *   'Mamonal' are no insults;
 * unless it holds a stem of a Spanish word that contains the entry ('comput' for 'computadora',
 * 'disput': this guards glued entries and inserted letters alike),
 * and its plain spelling is not a listed clean word ('bolera' folds like 'bollera').
 * Abbreviations (no vowel: 'hdp', 'ctm') match only as a whole token, as typed.
 * A masked piece ('p*ta', 'g!l!p0ll4s') is matched as a pattern against the listed words.
 *
 * Each entry is listed in every spelling that sounds alike (entry-keys.ts): a doubled r ('cabrrón'),
 * and g, j or h before e or i, one sound in much of Spanish ('hilipollas', 'jijo'). A text with
 * Cyrillic or Greek letters is read twice: by look ('саbrón') and by sound ('тонто').
 */
export interface GlueWords {
  /** Words that may stand before a glued insult. */
  before: readonly string[];
  /** Words that may close a glued sentence after it. */
  after: readonly string[];
  /** Words that may stand after it, but not last. */
  between: readonly string[];
  /** The insult's own endings (the plural). */
  endings: readonly string[];
}

export interface MatcherLists {
  words: readonly string[];
  stems?: readonly string[];
  glued?: readonly string[];
  clean?: readonly string[];
  cleanContaining?: readonly string[];
  /** Catch a listed word with one letter inserted (profanity: yes; a host's words: no). */
  inserted?: boolean;
  /** Words held on doubt (issue 24): matched as listed, never with a letter inserted, since
   *  short mild words gain one into everyday words ('bobilla' → 'bombilla'). */
  exactOnly?: readonly string[];
  /** With it, a glued entry counts only inside a word that reads as a sentence around it. */
  glue?: GlueWords;
}

/** Letters read by the letter after them (fold.ts skeletonOf): a join after one re-reads all. */
const CONTEXT = 'cnqrvyhw';
/** First letters read by the letter before them, or by none ('y', 'v'). */
const READS_BEFORE = 'yv';
/** Fewest letters a pattern must show, and no more hidden than shown: '*.*' is no word. */
const PATTERN_MIN_KNOWN = 3;
/** Letters that Spanish words put between others all the time ('puntada' is 'putada' with an
 *  n, 'cargada' 'cagada' with an r, 'pasajero' 'pajero' with 'sa'): never taken for inserted. */
const COMMON_INSERT = 'aeiounrslR';
/** Letters that Spanish puts almost nowhere (after folding: 'ch' is x): inserted into any word
 *  of 4 letters or more ('puxta'), not only the long ones. */
const RARE_INSERT = 'xw';
/** Shortest word a one-letter insertion is looked for in. */
const INSERTED_MIN = 6;

/** Two letters of a word as one number, for sets looked up without cutting strings. */
const pair = (word: string, a: number, b: number) =>
  (word.charCodeAt(a) << 16) | (word.charCodeAt(b) & 0xffff);

/** A skeleton's shape for the inserted-letter test: first letter, last letter, length. */
const shape = (first: number, last: number, length: number) => (first << 14) | (last << 6) | length;

/** A word read glued into a longer one: a strong one of four letters or more ('puta'); not
 *  one held on doubt, which Spanish words hold all the time ('es-teta', 'es-capula'). */
const gluable = (w: string) => w.length >= 4;

export class WordMatcher {
  private readonly words: Set<string>;
  /** The words as an array, for patterns. */
  private readonly wordList: string[];
  private readonly abbreviations: Set<string>;
  private readonly stems: RegExp | null;
  private readonly glued: RegExp | null;
  /** With glue words: every listed word, and the glue, as tries (glued.ts). */
  private readonly glue: { insults: Trie; tries: GlueTries } | null;
  private readonly clean: Set<string>;
  private readonly cleanContaining: RegExp | null;
  private readonly inserted: boolean;
  /** The words a letter may be inserted into (all but the exactOnly ones). */
  private readonly insertable: Set<string>;
  /** Their shapes (first letter, last letter, length): most words lose no letter into one. */
  private readonly insertableShapes = new Set<number>();
  /** Every beginning of a listed word or stem: a joined run that is none of them is done. */
  private readonly prefixes = new Set<string>(['']);
  /** Each stem's first two letters: a stem with one letter inserted keeps its first letter
   *  and its second or third. */
  private readonly stemFirstTwo = new Set<number>();
  /** A joined run longer than this cannot match (plural and one inserted letter included). */
  private readonly longest: number;
  /** A piece shorter than this is no word of the list (patterns aside). */
  private readonly shortest: number;

  constructor(lists: MatcherLists) {
    const abbreviations = lists.words.filter((w) => !w.includes(' ') && !/[aeiouáéíóú]/.test(w));
    this.abbreviations = new Set(abbreviations.map((w) => foldLetters(w)));
    const words = keysOfAll(lists.words.filter((w) => !abbreviations.includes(w)));
    this.insertable = new Set(words);
    this.words = new Set([...words, ...keysOfAll(lists.exactOnly)]);
    this.wordList = [...this.words];
    const stems = keysOfAll(lists.stems);
    this.stems = alternation(stems, '^');
    this.glued = alternation(keysOfAll(lists.glued), '');
    this.glue = lists.glue
      ? {
          insults: new Trie([...words, ...stems].filter(gluable)),
          tries: glueTries(lists.glue),
        }
      : null;
    this.cleanContaining = alternation(keysOfAll(lists.cleanContaining), '');
    this.clean = new Set((lists.clean ?? []).map((w) => foldLetters(w)));
    this.inserted = lists.inserted ?? false;
    const all = [...this.wordList, ...stems];
    this.longest = Math.max(0, ...all.map((w) => w.length)) + 3;
    this.shortest = Math.min(...all.map((w) => w.length));
    for (const w of all) {
      for (let n = 1; n <= w.length; n++) this.prefixes.add(w.slice(0, n));
    }
    for (const w of stems) this.stemFirstTwo.add(pair(w, 0, 1));
    for (const w of this.insertable) {
      this.insertableShapes.add(shape(w.charCodeAt(0), w.charCodeAt(w.length - 1), w.length));
    }
  }

  matches(text: string): boolean {
    if (this.read(foldLetters(text))) return true;
    // Cyrillic or Greek letters: also read by sound ('тонто').
    return SCRIPTS.test(text) && this.read(foldLetters(text, true));
  }

  private read(folded: string): boolean {
    if (this.scan(pieces(folded, 'split'))) return true;
    return hasInnerMask(folded) && this.scan(pieces(folded, 'hide'));
  }

  private scan(parts: Piece[]): boolean {
    if (this.abbreviations.size > 0 && this.spelledOut(parts)) return true;
    const n = parts.length;
    for (let i = 0; i < n; i++) {
      const first = parts[i]!;
      if (this.abbreviations.has(first.raw)) return true;
      // A clean word that folds like an insult ('verja') starts no run: 'verja es' is Spanish.
      if (this.isClean(first.raw)) continue;
      if (this.candidate(first.skeleton, first.raw, true, first.masked)) return true;
      let skeleton = first.skeleton;
      let spelled = first.spelled;
      let raw = first.raw;
      let masked = first.masked;
      for (let j = i + 1; j < n; j++) {
        // Joining more only lengthens it: stop once no entry starts this way (a last letter that
        // may begin a two-letter sound, 'c' of 'ch', is not read yet).
        const lastLetter = spelled[spelled.length - 1]!;
        const context = CONTEXT.includes(lastLetter);
        if (!masked && !this.prefixes.has(context ? skeleton.slice(0, -1) : skeleton)) break;
        const part = parts[j]!;
        raw += part.raw;
        spelled += part.spelled;
        masked ||= part.masked;
        // Joined pieces are read again as one word: a sound split across them ('c h a', 'n y',
        // 'p v t a') or a letter repeated across the join reads as in one piece. Only a last
        // letter that reads the next, or a first letter read by the one before, needs it.
        if (context || READS_BEFORE.includes(part.spelled[0]!)) skeleton = skeletonOf(spelled);
        else if (part.skeleton[0] === skeleton[skeleton.length - 1] && part.skeleton[0] !== '?') {
          skeleton += part.skeleton.slice(1);
        } else skeleton += part.skeleton;
        if (skeleton.length > this.longest) break;
        if (this.candidate(skeleton, raw, false, masked)) return true;
      }
    }
    return false;
  }

  /** A clean word as typed, or its plural ('mariquitas'). */
  private isClean(raw: string): boolean {
    if (this.clean.size === 0) return false;
    return (
      this.clean.has(raw) ||
      (raw.endsWith('s') && this.clean.has(raw.slice(0, -1))) ||
      (raw.endsWith('es') && this.clean.has(raw.slice(0, -2)))
    );
  }

  /** An abbreviation typed a letter at a time ('h.d.p', 'h d p'): a run of one-letter pieces
   *  ending in it. */
  private spelledOut(parts: Piece[]): boolean {
    let run = '';
    for (const part of parts) {
      if (part.raw.length !== 1) {
        run = '';
        continue;
      }
      run += part.raw;
      if (run.length < 2) continue;
      for (const a of this.abbreviations) if (run.endsWith(a)) return true;
    }
    return false;
  }

  private candidate(skeleton: string, raw: string, single: boolean, masked: boolean): boolean {
    if (masked) return !this.isClean(raw) && this.pattern(skeleton);
    if (skeleton.length < this.shortest || (!single && this.isClean(raw))) return false;
    if (this.listed(skeleton)) return true;
    if (this.stemFirstTwo.has(pair(skeleton, 0, 1)) && this.stems?.test(skeleton)) return true;
    const inside =
      (this.inserted && skeleton.length > 4 && this.oneInserted(skeleton, single)) ||
      (single && this.gluedInside(skeleton));
    return inside && !(this.cleanContaining?.test(skeleton) ?? false);
  }

  private listed(word: string): boolean {
    return (
      this.words.has(word) ||
      (word.endsWith('s') && this.words.has(word.slice(0, -1))) ||
      (word.endsWith('es') && this.words.has(word.slice(0, -2)))
    );
  }

  /** A glued entry inside a longer word: with glue words, any listed word, when the rest
   *  reads as a sentence around it ('eres-una-puta', 'jaja-mierda-xd'), not as any word
   *  ('Villa-putas'); without, a glued entry anywhere ('xXniggerXx'). */
  private gluedInside(word: string): boolean {
    if (this.glue !== null) return gluedInsult(word, this.glue.insults, this.glue.tries);
    return this.glued?.test(word) ?? false;
  }

  /** Across pieces only a rare letter counts as inserted: 'por culto' is Spanish. */
  private oneInserted(word: string, single: boolean): boolean {
    if (
      !this.mayLoseOne(word) &&
      !(word.endsWith('s') && this.mayLoseOne(word.replace(/e?s$/, ''))) &&
      !(
        this.stems !== null &&
        (this.stemFirstTwo.has(pair(word, 0, 1)) || this.stemFirstTwo.has(pair(word, 0, 2)))
      )
    ) {
      return false;
    }
    for (let i = 1; i < word.length; i++) {
      const letter = word[i]!;
      if (COMMON_INSERT.includes(letter)) continue;
      const rare = RARE_INSERT.includes(letter);
      if (!rare && !single) continue;
      const min = rare ? 4 : INSERTED_MIN;
      // Taking a letter out may leave a pair ('mierxrda'): collapsed like the skeleton.
      const after = word[i - 1] === word[i + 1] ? i + 2 : i + 1;
      const without = word.slice(0, i) + word.slice(after);
      if (without.length >= min && (this.insertable.has(without) || this.stems?.test(without))) {
        return true;
      }
      const singular = without.replace(/e?s$/, '');
      if (singular !== without && singular.length >= min && this.insertable.has(singular)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some listed word has the shape of this one with a letter (or a pair's) out. */
  private mayLoseOne(word: string): boolean {
    const n = word.length;
    if (n < 5) return false;
    const first = word.charCodeAt(0);
    const last = word.charCodeAt(n - 1);
    const before = word.charCodeAt(n - 2);
    const shapes = this.insertableShapes;
    return (
      shapes.has(shape(first, last, n - 1)) ||
      shapes.has(shape(first, last, n - 2)) ||
      shapes.has(shape(first, before, n - 1))
    );
  }

  /** A skeleton with placeholders against every listed word (rare: only masked text). */
  private pattern(skeleton: string): boolean {
    const known = skeleton.replace(/[?]/g, '').length;
    const masked = skeleton.length - known;
    if (known < PATTERN_MIN_KNOWN || masked > known) return false;
    const source = skeleton
      // Next to an i or l it may be the second of a pair the skeleton reads once ('l1' for ll).
      .replace(/I/g, (_, at: number) =>
        /[ilI]/.test(skeleton[at - 1] ?? '') || /[ilI]/.test(skeleton[at + 1] ?? '')
          ? '[il]{0,3}'
          : '[il]{1,3}',
      )
      .replace(/\?+/g, (run) => `[a-z\u00f1R]{1,${run.length}}`);
    const re = new RegExp(`^${source}(?:e?s)?$`);
    return this.wordList.some((w) => re.test(w));
  }
}

function alternation(words: string[], anchor: string): RegExp | null {
  const kept = words.filter((w) => w !== '');
  return kept.length === 0 ? null : new RegExp(`${anchor}(?:${kept.join('|')})`);
}
