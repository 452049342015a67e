/**
 * How the word matcher (matcher.ts) reads a text: every spelling a person can use to slip a word
 * past a list is folded to one form, the word's "skeleton".
 *
 * 1. Letters: NFKC (full-width 'ｐ', mathematical '𝐩', circled 'ⓟ', squared '🄿' become 'p'),
 *    lower case, accents off (ñ kept: 'año' is not 'ano'), invisible characters dropped, and the
 *    letters NFKC leaves alone mapped by hand: small capitals ('ᴘ'), look-alikes from Cyrillic,
 *    Greek, Armenian and Latin extensions ('р', 'ο', 'ս', 'ɑ', 'ı'), regional indicators ('🇵'),
 *    negative squared and circled letters ('🅿', '🅟').
 * 2. Tokens: runs of letters, digits, letter-like symbols ('@', '$', '€', '!', '|') and masks
 *    ('*', '_', '.', '#'). Inside a token with letters, digits stand for letters ('m1erd4');
 *    '1', '!' and '|' for i or l. A mask inside a token hides letters ('p*ta'); the matcher tries
 *    masks both as hidden letters and as separators ('p.u.t.a').
 * 3. Skeleton (Spanish sound-alikes, so phonetic spellings fold too): 'ny' → ñ, 'ch' → x,
 *    silent h off, qu/q/k → c, v → b, z → s, j → g ('goder'), y → l ('gilipoyas'), runs of a
 *    letter collapsed ('puuuta').
 *
 * Placeholders in a skeleton: '?' is one hidden letter, 'I' is i or l. Lists go through the same
 * skeleton, so each entry needs one spelling.
 */

// biome-ignore format: a table reads better in rows
const LOOK_ALIKES: Record<string, string> = {
  // Small capitals (IPA and phonetic extensions)
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l',
  ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ǫ: 'q', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y',
  ᴢ: 'z',
  // Latin extensions that look like plain letters
  ɑ: 'a', ɐ: 'a', ı: 'i', ɩ: 'i', ɨ: 'i', ȷ: 'j', ɡ: 'g', ʋ: 'u', ʉ: 'u', ɔ: 'c', ɛ: 'e',
  ə: 'e', ł: 'l', ŀ: 'l', ƚ: 'l', ø: 'o', ɵ: 'o', đ: 'd', ħ: 'h', ŧ: 't', ß: 's', ſ: 's', ƅ: 'b',
  ɓ: 'b', ɗ: 'd', ƒ: 'f', ɦ: 'h', ɱ: 'm', ɲ: 'ñ', ŋ: 'n', ɾ: 'r', ʂ: 's', ʈ: 't', ʐ: 'z', ℓ: 'l',
  // Cyrillic
  а: 'a', б: 'b', в: 'b', г: 'r', д: 'd', е: 'e', ж: 'x', з: 'e', и: 'u', к: 'k', л: 'n', м: 'm',
  н: 'h', о: 'o', п: 'n', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ц: 'u', ч: 'y', ш: 'w', щ: 'w',
  ъ: 'b', ь: 'b', я: 'r', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', һ: 'h',
  ү: 'y', ҝ: 'k', ҫ: 'c', ѵ: 'v', є: 'e', ԍ: 'g',
  // Greek
  α: 'a', β: 'b', γ: 'y', δ: 'd', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p',
  σ: 'o', ς: 's', τ: 't', υ: 'u', χ: 'x', ω: 'w', ϲ: 'c', ϳ: 'j',
  // Armenian
  ա: 'w', ց: 'g', հ: 'h', ո: 'n', ռ: 'n', ս: 'u', օ: 'o', ք: 'p', զ: 'q', յ: 'j', ւ: 'i', ե: 't',
  // Cherokee and Lisu capitals that pass for Latin ones (lower case leaves them)
  ꭺ: 'a', ꮯ: 'c', ꭼ: 'e', ꮋ: 'h', ꮃ: 'w', ꓐ: 'b', ꓑ: 'p', ꓒ: 'd', ꓓ: 'd', ꓔ: 't', ꓕ: 't',
  ꓖ: 'g', ꓗ: 'k', ꓘ: 'k', ꓙ: 'j', ꓚ: 'c', ꓛ: 'c', ꓜ: 'z', ꓝ: 'f', ꓞ: 'f', ꓟ: 'm', ꓠ: 'n',
  ꓡ: 'l', ꓢ: 's', ꓣ: 'r', ꓤ: 'r', ꓥ: 'v', ꓦ: 'v', ꓧ: 'h', ꓨ: 'h', ꓩ: 'z', ꓪ: 'w', ꓫ: 'x',
  ꓬ: 'y', ꓭ: 'b', ꓮ: 'a', ꓯ: 'a', ꓰ: 'e', ꓱ: 'e', ꓲ: 'i', ꓳ: 'o', ꓴ: 'u', ꓵ: 'u',
};

/** Astral blocks of one letter per code point, a to z: regional indicators ('🇵'), negative
 *  circled ('🅟') and negative squared ('🅿') letters. NFKC leaves them as they are. */
const LETTER_BLOCKS = [0x1f1e6, 0x1f150, 0x1f170];

function mapChar(c: string): string {
  const mapped = LOOK_ALIKES[c];
  if (mapped !== undefined) return mapped;
  const code = c.codePointAt(0)!;
  for (const start of LETTER_BLOCKS) {
    if (code >= start && code < start + 26) return String.fromCharCode(97 + code - start);
  }
  return c;
}

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Printable ASCII needs none of the Unicode steps (tabs and newlines take the slow path). */
const NON_ASCII = /[^ -~]/u;
const OTHER = /[^ -~]/gu;

/** Step 1: letters folded to a–z and ñ; everything else left for the tokenizer. */
export function foldLetters(text: string): string {
  const lower = text.toLowerCase();
  // Plain ASCII (most answers) has nothing for the Unicode steps to do.
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/n\u0303|\p{M}+/gu, (m) => (m === 'n\u0303' ? '\u00f1' : ''))
    .replace(OTHER, mapChar);
}

/** A token's characters: letters, digits, symbols used for letters, masks. */
const TOKEN = /[a-z\u00f10-9@$€!|*_#.]+/g;
const MASK = /[*_#.]/;
const ANY_MASK = /[*_#.]/;
const EDGES = /^[*_#.!]+|[*_#.!]+$/g;
const HAS_LETTER = /[a-z\u00f1@$€]/;
const DIGIT_ONLY = /^[0-9]+$/;
const LEET: Record<string, string> = {
  '0': 'o',
  '2': 's',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '€': 'e',
  '1': 'I',
  '!': 'I',
  '|': 'I',
};

export interface Piece {
  /** Lower case, accents off (ñ kept), digits still digits: what clean-word lists compare. */
  raw: string;
  /** Digits and symbols read as letters, masks as '?': what a skeleton is made from. */
  spelled: string;
  /** The skeleton (see above), possibly with placeholders. */
  skeleton: string;
}

/**
 * Steps 2 and 3: the text's pieces in order, masks read as separators (`masks: 'split'`) or as
 * hidden letters (`masks: 'hide'`). `hasMasks` tells whether the second reading differs.
 */
export function pieces(folded: string, masks: 'split' | 'hide'): Piece[] {
  const out: Piece[] = [];
  for (const match of folded.matchAll(TOKEN)) {
    const token = match[0].replace(EDGES, '');
    if (token === '') continue;
    const parts = masks === 'split' ? token.split(/[*_#.]+/) : [token];
    for (const part of parts) {
      if (part === '') continue;
      // A number is not a word ('1990'), but one or two digits may be letters ('14' for 'la').
      if (DIGIT_ONLY.test(part) && part.length > 2) continue;
      const letters = HAS_LETTER.test(part) || part.length <= 2;
      const read = letters ? part.replace(/[0-9@$€!|]/g, (c) => LEET[c] ?? c) : part;
      const spelled = read.replace(/[*_#.]+/g, hidden);
      out.push({ raw: part, spelled, skeleton: skeletonOf(spelled) });
    }
  }
  return out;
}

/** A run of k masks hides between 1 and k letters of the skeleton: one '?' each. */
const hidden = (run: string) => '?'.repeat(run.length);

export function hasInnerMask(folded: string): boolean {
  if (!ANY_MASK.test(folded)) return false;
  for (const match of folded.matchAll(TOKEN)) {
    if (MASK.test(match[0].replace(EDGES, ''))) return true;
  }
  return false;
}

/** Step 3 on letters (and placeholders), for list entries and tokens alike: one pass, since it
 *  runs for every piece of every answer. */
export function skeletonOf(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) {
    let c = word[i]!;
    const next = word[i + 1];
    if (c === 'n' && next === 'y') {
      c = '\u00f1';
      i++;
    } else if (c === 'c' && next === 'h') {
      c = 'x';
      i++;
    } else if (c === 'h') {
      continue;
    } else if (c === 'q') {
      c = 'c';
      if (next === 'u') i++;
    } else {
      c = SOUND_ALIKE[c] ?? c;
    }
    // Runs of a letter collapse; hidden letters ('?') each count.
    if (c === '?' || out[out.length - 1] !== c) out += c;
  }
  return out;
}
const SOUND_ALIKE: Record<string, string> = { k: 'c', v: 'b', z: 's', j: 'g', y: 'l' };
