import { foldLetters, hasInnerMask, type Piece, pieces, skeletonOf } from './fold.ts';

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
 * - (one piece) a longer word with a "glued" entry inside ('eresunaputa');
 * unless it holds a stem of a Spanish word that contains the entry ('comput' for 'computadora',
 * 'disput': this guards glued entries and inserted letters alike),
 * and its plain spelling is not a listed clean word ('bolera' folds like 'bollera').
 * Abbreviations (no vowel: 'hdp', 'ctm') match only as a whole token, as typed.
 * A masked piece ('p*ta', 'g!l!p0ll4s') is matched as a pattern against the listed words.
 */
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
}

const VOWEL = /[aeiouáéíóú]/;
/** Letters read by the letter after them (fold.ts skeletonOf): a join after one re-reads all. */
const CONTEXT = /[cnqrvyh]/;
/** Placeholders of a skeleton: a hidden letter, or i-or-l. */
const PLACEHOLDER = /[?I]/;
/** Fewest letters a pattern must show, and no more hidden than shown: '*.*' is no word. */
const PATTERN_MIN_KNOWN = 3;
/** Letters that Spanish words put between others all the time ('puntada' is 'putada' with an
 *  n, 'cargada' 'cagada' with an r, 'pasajero' 'pajero' with 'sa'): never taken for inserted. */
const COMMON_INSERT = /[aeiounrsl]/;
/** Letters that Spanish puts almost nowhere (after folding: 'ch' is x): inserted into any word
 *  of 4 letters or more ('puxta'), not only the long ones. */
const RARE_INSERT = /[xw]/;
/** Shortest word a one-letter insertion is looked for in. */
const INSERTED_MIN = 6;

/** A list entry's skeleton, its words read together as a joined run is (scan). */
const keyOf = (text: string) =>
  skeletonOf(
    pieces(foldLetters(text), 'split')
      .map((p) => p.spelled)
      .join(''),
  );

export class WordMatcher {
  private readonly words: Set<string>;
  /** The words as an array, for patterns. */
  private readonly wordList: string[];
  private readonly abbreviations: Set<string>;
  private readonly stems: RegExp | null;
  private readonly glued: RegExp | null;
  private readonly clean: Set<string>;
  private readonly cleanContaining: RegExp | null;
  private readonly inserted: boolean;
  /** The words a letter may be inserted into (all but the exactOnly ones). */
  private readonly insertable: Set<string>;
  /** Every beginning of a listed word or stem: a joined run that is none of them is done. */
  private readonly prefixes = new Set<string>(['']);
  /** Each listed word's and stem's first two letters: a word with one letter inserted keeps
   *  its first letter and its second or third. */
  private readonly firstTwo = new Set<string>();
  /** A joined run longer than this cannot match (plural and one inserted letter included). */
  private readonly longest: number;

  constructor(lists: MatcherLists) {
    const abbreviations = lists.words.filter((w) => !w.includes(' ') && !VOWEL.test(w));
    this.abbreviations = new Set(abbreviations.map((w) => foldLetters(w)));
    this.words = new Set(
      lists.words
        .filter((w) => !abbreviations.includes(w))
        .map(keyOf)
        .filter((w) => w !== ''),
    );
    this.wordList = [...this.words];
    const exact = new Set((lists.exactOnly ?? []).map(keyOf));
    for (const w of exact) this.words.add(w);
    this.insertable = this.words;
    if (exact.size > 0) {
      this.insertable = new Set(this.wordList);
      this.wordList = [...this.words];
    }
    this.stems = alternation((lists.stems ?? []).map(keyOf), '^');
    this.glued = alternation((lists.glued ?? []).map(keyOf), '');
    this.cleanContaining = alternation((lists.cleanContaining ?? []).map(keyOf), '');
    this.clean = new Set((lists.clean ?? []).map((w) => foldLetters(w)));
    this.inserted = lists.inserted ?? false;
    const lengths = [...this.wordList, ...(lists.stems ?? []).map(keyOf)].map((w) => w.length);
    this.longest = Math.max(0, ...lengths) + 3;
    for (const w of [...this.wordList, ...(lists.stems ?? []).map(keyOf)]) {
      for (let n = 1; n <= w.length; n++) this.prefixes.add(w.slice(0, n));
      this.firstTwo.add(w.slice(0, 2));
    }
  }

  matches(text: string): boolean {
    const folded = foldLetters(text);
    if (this.scan(pieces(folded, 'split'))) return true;
    return hasInnerMask(folded) && this.scan(pieces(folded, 'hide'));
  }

  private scan(parts: Piece[]): boolean {
    if (this.abbreviations.size > 0 && this.spelledOut(parts)) return true;
    for (let i = 0; i < parts.length; i++) {
      if (this.abbreviations.has(parts[i]!.raw)) return true;
      // A clean word that folds like an insult ('verja') starts no run: 'verja es' is Spanish.
      if (this.clean.has(parts[i]!.raw)) continue;
      let skeleton = '';
      let raw = '';
      let spelled = '';
      for (let j = i; j < parts.length; j++) {
        const part = parts[j]!;
        raw += part.raw;
        spelled += part.spelled;
        // Joined pieces are read again as one word: a sound split across them ('c h a', 'n y',
        // 'p v t a') or a letter repeated across the join reads as in one piece.
        if (i === j) skeleton = part.skeleton;
        else if (!CONTEXT.test(spelled[spelled.length - part.spelled.length - 1]!)) {
          // The last letter before the join reads the same whatever follows: only a letter
          // repeated across the join, or one read by what precedes it, can change.
          skeleton += skeletonOf(spelled.slice(-part.spelled.length - 1)).slice(1);
        } else skeleton = skeletonOf(spelled);
        if (i !== j && skeleton.length > this.longest) break;
        if (this.candidate(skeleton, raw, i === j)) return true;
        // Joining more only lengthens it: stop once no entry starts this way (a last letter that
        // may begin a two-letter sound, 'c' of 'ch', is not read yet).
        const settled = /[cnqrvy]$/.test(spelled) ? skeleton.slice(0, -1) : skeleton;
        if (!this.prefixes.has(settled) && !PLACEHOLDER.test(skeleton)) break;
      }
    }
    return false;
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

  private candidate(skeleton: string, raw: string, single: boolean): boolean {
    if (skeleton === '' || this.clean.has(raw)) return false;
    if (PLACEHOLDER.test(skeleton)) return this.pattern(skeleton);
    if (this.listed(skeleton) || this.stems?.test(skeleton)) return true;
    const inside =
      (this.inserted && skeleton.length > 4 && this.oneInserted(skeleton, single)) ||
      (single && (this.glued?.test(skeleton) ?? false));
    return inside && !(this.cleanContaining?.test(skeleton) ?? false);
  }

  private listed(word: string): boolean {
    return (
      this.words.has(word) ||
      (word.endsWith('s') && this.words.has(word.slice(0, -1))) ||
      (word.endsWith('es') && this.words.has(word.slice(0, -2)))
    );
  }

  /** Across pieces only a rare letter counts as inserted: 'por culto' is Spanish. */
  private oneInserted(word: string, single: boolean): boolean {
    if (!this.firstTwo.has(word.slice(0, 2)) && !this.firstTwo.has(word[0]! + word[2])) {
      return false;
    }
    for (let i = 1; i < word.length; i++) {
      if (COMMON_INSERT.test(word[i]!)) continue;
      const rare = RARE_INSERT.test(word[i]!);
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

  /** A skeleton with placeholders against every listed word (rare: only masked text). */
  private pattern(skeleton: string): boolean {
    const known = skeleton.replace(/[?]/g, '').length;
    const masked = skeleton.length - known;
    if (known < PATTERN_MIN_KNOWN || masked > known) return false;
    const source = skeleton
      .replace(/\?+/g, (run) => `[a-z\u00f1R]{1,${run.length}}`)
      .replace(/I/g, '[il]{1,3}');
    const re = new RegExp(`^${source}(?:e?s)?$`);
    return this.wordList.some((w) => re.test(w));
  }
}

function alternation(words: string[], anchor: string): RegExp | null {
  const kept = words.filter((w) => w !== '');
  return kept.length === 0 ? null : new RegExp(`${anchor}(?:${kept.join('|')})`);
}
