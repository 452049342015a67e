import { PROFANITY_ES } from './profanity-es.ts';

/**
 * Whether an open answer contains a word of the profanity list (profanity-es.ts), matched so
 * that the usual evasions do not slip through:
 * - NFKC: full-width and mathematical letters ('ｐｕｔａ', '𝐩𝐮𝐭𝐚') become plain ones;
 * - case and accents ('PÚTA'), with ñ kept apart from n as the list spells it;
 * - look-alike Cyrillic and Greek letters ('рutа' with a Cyrillic р and а);
 * - digits and symbols for letters ('put4', 'p@ta', 'mi3rda', '$');
 * - repeated letters ('puuuuta'): runs are collapsed on both sides;
 * - invisible characters ('pu\u200Bta') are dropped;
 * - a word split by dots, spaces, dashes or the like ('p.u.t.a', 'p u t a', 'pu-ta'): runs of
 *   consecutive pieces are joined and checked too, up to the longest entry's length.
 * Whole words only, never a substring of a longer word, so 'computadora', 'disputa' or
 * 'reputación' are not flagged (the Scunthorpe problem).
 */

/** A joined run longer than the longest entry (plus a plural's -es) cannot match. */
const LONGEST = Math.max(...PROFANITY_ES.map((w) => w.length)) + 2;

const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Digits and symbols used for letters
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '€': 'e',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('').replace('$', '\\$')}]`, 'gu');
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Folds a text for matching: see above. Pieces are what is left between separators. */
function pieces(text: string): string[] {
  let folded = text.toLowerCase().replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c);
  // Plain ASCII (most answers) has nothing for the Unicode steps to do.
  if (!ASCII.test(folded)) {
    folded = folded
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      .toLowerCase()
      .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c)
      .normalize('NFD')
      .replace(/n\u0303|\p{M}+/gu, (m) => (m === 'n\u0303' ? 'ñ' : ''));
  }
  return (folded.match(/[a-zñ]+/g) ?? []).map(collapseRuns);
}
const ASCII = /^[\x20-\x7e]*$/;

/** 'puuuta' → 'puta'; the list goes through the same, so 'gilipollas' still matches. */
function collapseRuns(word: string): string {
  return REPEAT.test(word) ? word.replace(REPEATS, '$1') : word;
}
const REPEAT = /(.)\1/;
const REPEATS = /(.)\1+/g;

const LIST = new Set(PROFANITY_ES.map((w) => pieces(w).join('')));

function listed(word: string): boolean {
  return (
    LIST.has(word) ||
    (word.endsWith('s') && LIST.has(word.slice(0, -1))) ||
    (word.endsWith('es') && LIST.has(word.slice(0, -2)))
  );
}

export function isProfane(text: string): boolean {
  const parts = pieces(text);
  for (let i = 0; i < parts.length; i++) {
    let joined = '';
    for (let j = i; j < parts.length; j++) {
      // Pieces are collapsed already: only a letter repeated across the join can remain.
      const part = parts[j]!;
      joined += joined.at(-1) === part[0] ? part.slice(1) : part;
      if (joined.length > LONGEST) break;
      if (listed(joined)) return true;
    }
  }
  return false;
}
