/**
 * Test fixtures of the profanity matcher (issues 17 and 19): insults respelled the sixteen ways
 * people use to slip a word past a filter, and realistic classroom answers that must stay clean,
 * many of them holding letters an insult is made of. Generated, not hand-picked per case, so a
 * new spelling kind covers every insult at once.
 */

/** Thirty insults and vulgar phrases, as a class would type them. */
export const TRICKED_INSULTS = [
  'puta',
  'puto',
  'mierda',
  'coño',
  'joder',
  'cabrón',
  'gilipollas',
  'gilipollez',
  'jodido',
  'pendejo',
  'verga',
  'chingada',
  'malparido',
  'maricón',
  'culero',
  'mamón',
  'comemierda',
  'soplapollas',
  'follar',
  'puñeta',
  'pelotudo',
  'subnormal',
  'hijoputa',
  'cojones',
  'sudaca',
  'hijo de puta',
  'me la suda',
  'me la pela',
  'me cago en',
  'concha de tu madre',
] as const;

// biome-ignore format: a table reads better in rows
const SMALL_CAPS: Record<string, string> = {
  a: 'ᴀ',
  b: 'ʙ',
  c: 'ᴄ',
  d: 'ᴅ',
  e: 'ᴇ',
  f: 'ꜰ',
  g: 'ɢ',
  h: 'ʜ',
  i: 'ɪ',
  j: 'ᴊ',
  k: 'ᴋ',
  l: 'ʟ',
  m: 'ᴍ',
  n: 'ɴ',
  o: 'ᴏ',
  p: 'ᴘ',
  r: 'ʀ',
  s: 'ꜱ',
  t: 'ᴛ',
  u: 'ᴜ',
  v: 'ᴠ',
  z: 'ᴢ',
};
/** Armenian ս and օ, Latin alpha, dotless i, Cyrillic е, а, р, с. */
// biome-ignore format: a table reads better in rows
const LOOK_ALIKE: Record<string, string> = {
  u: 'ս',
  o: 'օ',
  a: 'ɑ',
  i: 'ı',
  e: 'е',
  p: 'р',
  c: 'с',
};
const DIGITS: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', l: '1' };
const SYMBOLS: Record<string, string> = { i: '!', l: '|', a: '@', s: '$' };
const PHONETIC: [RegExp, string][] = [
  [/c(?=[aou])/g, 'k'],
  [/qu/g, 'k'],
  [/b/g, 'v'],
  [/j/g, 'g'],
  [/ll/g, 'y'],
  [/z/g, 's'],
  [/ñ/g, 'ny'],
];

/** Accents off, ñ kept. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/(?<!n)\u0303|[\u0300-\u0302\u0304-\u036f]/g, '')
    .normalize('NFC');
const perLetter = (text: string, map: (c: string) => string) =>
  [...text].map((c) => map(c)).join('');
const offset = (c: string, start: number) =>
  /[a-z]/.test(c) ? String.fromCodePoint(start + c.charCodeAt(0) - 97) : c;

/** Masks the n-th inner vowel of every word (counting from 0) with `mask`: a mask at a word's
 *  end cannot be told from punctuation ('put.'), by a reader or by the matcher. */
function maskVowel(text: string, mask: string, n = 0): string {
  return text
    .split(' ')
    .map((word) => {
      const vowels = [...word.slice(0, -1).matchAll(/[aeiouáéíóú]/g)];
      const pick = vowels[Math.min(n, vowels.length - 1)];
      if (!pick || word.length < 4) return word;
      return word.slice(0, pick.index) + mask + word.slice(pick.index + 1);
    })
    .join(' ');
}

/** Sixteen ways of spelling an insult past a filter, each a function of the insult. */
export const SPELLINGS: Record<string, (insult: string) => string> = {
  'small caps': (t) => perLetter(plain(t), (c) => SMALL_CAPS[c] ?? c),
  'look-alikes': (t) => perLetter(plain(t), (c) => LOOK_ALIKE[c] ?? c),
  'regional indicators': (t) => perLetter(plain(t), (c) => offset(c, 0x1f1e6)),
  'squared letters': (t) => perLetter(plain(t), (c) => offset(c, 0x1f130)),
  'circled letters': (t) => perLetter(plain(t), (c) => offset(c, 0x24d0)),
  'asterisk mask': (t) => maskVowel(t, '*'),
  'underscore mask and @': (t) => maskVowel(t, '_', 0).replace(/a/g, '@'),
  'dot and hash masks': (t) => maskVowel(maskVowel(t, '.', 1), '#', 0),
  "'!' and '|' for i and l": (t) => perLetter(plain(t), (c) => SYMBOLS[c] ?? c),
  'digits for letters': (t) => perLetter(plain(t), (c) => DIGITS[c] ?? c),
  'repeated letters': (t) => t.replace(/[aeiouáéíóú]/g, (v) => v.repeat(3)).toUpperCase(),
  'an inserted letter': (t) => {
    const word = t.split(' ').reduce((a, b) => (b.length > a.length ? b : a));
    const at = Math.ceil(word.length / 2);
    const letter = 'xwhkx'[t.length % 5];
    return t.replace(word, `${word.slice(0, at)}${letter}${word.slice(at)}`);
  },
  phonetic: (t) => {
    let out = plain(t).replace(/ñ/g, 'ñ');
    for (const [from, to] of PHONETIC) out = out.replace(from, to);
    // 'h' dropped where there is one, added before a first vowel where there is none.
    return /(?<!c)h/.test(out) ? out.replace(/(?<!c)h/g, '') : out.replace(/^([aeiou])/, 'h$1');
  },
  'glued into a longer word': (t) => `jajaja${t.replace(/ /g, '')}xd`,
  'plural and hyphenated': (t) => {
    const words = t.split(' ');
    if (words.length === 1) {
      const plural = /s$/.test(t) ? t : /[aeiouáéíóú]$/.test(t) ? `${t}s` : `${t}es`;
      const at = Math.floor(plural.length / 2);
      return `${plural.slice(0, at)}-${plural.slice(at)}`;
    }
    return words.map((w) => [...w].join('-')).join(' ');
  },
  'full-width and bold math': (t) =>
    perLetter(plain(t), (c, i = c.charCodeAt(0)) =>
      /[a-z]/.test(c) ? String.fromCodePoint(i % 2 ? 0xff41 + i - 97 : 0x1d41a + i - 97) : c,
    ),
};

/** Every insult in every spelling, framed as a student would send it. */
export function trickedAnswers(): { insult: string; kind: string; text: string }[] {
  const frames = ['{}', 'qué {} de pregunta', 'eres un {}', '{} jajaja'];
  return TRICKED_INSULTS.flatMap((insult, i) =>
    Object.entries(SPELLINGS).map(([kind, spell], j) => ({
      insult,
      kind,
      text: frames[(i + j) % frames.length]!.replace('{}', spell(insult)),
    })),
  );
}
