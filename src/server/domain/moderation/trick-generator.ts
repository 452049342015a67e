import { createRequire } from 'node:module';
import { CLEAN_WORDS_ES } from './clean-es.ts';
import { DOUBT_LEMMAS_ES } from './doubt-es.ts';
import { inflections } from './inflect.ts';
import { PROFANITY_LEMMAS_ES } from './profanity-es.ts';

/**
 * A generator of tricked insults for the matcher's generalisation check (issue 24), so the
 * matcher is measured on spellings nobody wrote for it: each class of trick a class uses is a
 * rule applied at random (fixed seed) to insults drawn from every inflected form of the lists'
 * dictionary forms, not to the fixtures the matcher was tuned on. Test-only: it reads Unicode's
 * confusables data from the `unhomoglyph` devDependency, as scripts/build-confusables.ts does.
 */

/** mulberry32: a small seeded generator, so a failure names spellings that come back. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/(?<!n)\u0303|[\u0300-\u0302\u0304-\u036f]/g, '')
    .normalize('NFC');

/** Insults as typed: dictionary forms and their inflections, strong and held on doubt alike. */
export function baseInsults(): string[] {
  const lemmas = [...PROFANITY_LEMMAS_ES, ...DOUBT_LEMMAS_ES];
  // Not the forms that are also Spanish words kept clean ('mariquita', a ladybird).
  const forms = inflections(lemmas).filter((w) => w.length >= 4 && !CLEAN_WORDS_ES.includes(w));
  return [...new Set([...forms, 'hijo de puta', 'me la suda', 'concha de tu madre'])];
}

/** Spanish sound-alike respellings: each a rule that applies where the word allows it. */
const PHONETIC: [RegExp, (rnd: Random) => string][] = [
  [/b/g, () => 'v'],
  [/v/g, () => 'b'],
  [/ll/g, () => 'y'],
  [/y(?=[aeiou])/g, () => 'll'],
  [/c(?=[aou])/g, () => 'k'],
  [/qu(?=[ei])/g, (r) => pick(r, ['k', 'q'])],
  [/c(?=[ei])/g, (r) => pick(r, ['z', 's'])],
  [/z(?=[ei])/g, (r) => pick(r, ['s', 'c'])],
  [/z(?![ei])/g, () => 's'],
  [/g(?=[ei])/g, (r) => pick(r, ['j', 'h'])],
  [/j(?=[ei])/g, (r) => pick(r, ['g', 'h'])],
  [/j(?=[aou])/g, () => 'g'],
  [/(?<!c)h/g, () => ''],
  [/^(?=[aeiou])/g, () => 'h'],
  [/(?<=[^aeiou])u(?=[^aeiou])/g, () => 'v'],
  [/ñ/g, () => 'ny'],
  [/ch/g, () => 'x'],
  [/^hu(?=[aeio])/g, () => 'w'],
];

const LEET: Record<string, string[]> = {
  a: ['4', '@'],
  e: ['3', '€'],
  i: ['1', '!', '|'],
  o: ['0'],
  s: ['5', '$'],
  t: ['7', '+'],
  l: ['1', '|'],
  g: ['9', '6'],
  b: ['8'],
  z: ['2'],
};

const require = createRequire(import.meta.url);
/** Unicode's confusables (confusables.txt as unhomoglyph ships it): look-alikes per letter. */
const CONFUSABLES = (() => {
  const data: Record<string, string> = require('unhomoglyph/data.json');
  const byLetter = new Map<string, string[]>();
  for (const [char, prototype] of Object.entries(data)) {
    if (!/^[a-z]$/.test(prototype) || /^[ -~]$/.test(char)) continue;
    const list = byLetter.get(prototype) ?? [];
    list.push(char);
    byLetter.set(prototype, list);
  }
  return byLetter;
})();

/** Standard transliteration to Cyrillic and to Greek, letter by letter. */
// biome-ignore format: a table reads better in rows
const CYRILLIC: Record<string, string> = {
  a: 'а', b: 'б', v: 'в', g: 'г', d: 'д', e: 'е', z: 'з', i: 'и', k: 'к', l: 'л', m: 'м', n: 'н',
  o: 'о', p: 'п', r: 'р', s: 'с', t: 'т', u: 'у', f: 'ф', j: 'х', c: 'к', y: 'й',
};
// biome-ignore format: a table reads better in rows
const GREEK: Record<string, string> = {
  a: 'α', b: 'β', g: 'γ', d: 'δ', e: 'ε', z: 'ζ', i: 'ι', k: 'κ', l: 'λ', m: 'μ', n: 'ν', o: 'ο',
  p: 'π', r: 'ρ', s: 'σ', t: 'τ', u: 'υ', f: 'φ', j: 'χ', c: 'κ',
};

// biome-ignore format: a table reads better in rows
const SMALL_CAPS: Record<string, string> = {
  a: 'ᴀ', b: 'ʙ', c: 'ᴄ', d: 'ᴅ', e: 'ᴇ', f: 'ꜰ', g: 'ɢ', h: 'ʜ', i: 'ɪ', j: 'ᴊ', k: 'ᴋ', l: 'ʟ',
  m: 'ᴍ', n: 'ɴ', o: 'ᴏ', p: 'ᴘ', r: 'ʀ', s: 'ꜱ', t: 'ᴛ', u: 'ᴜ', v: 'ᴠ', w: 'ᴡ', y: 'ʏ', z: 'ᴢ',
};

/** Combining marks (not the tilde, which makes an n an ñ). */
const MARKS = ['\u0301', '\u0300', '\u0302', '\u0304', '\u0306', '\u0307', '\u0308', '\u030a'];

/** Letters a class slips into a word (any consonant; vowels would spell other words). */
const INSERTED = 'bcdfghjkmnpqrstvwxyz';
const SEPARATORS = ['.', '-', ' ', '_', '·', '/', ',', '~'];

/** Applies fn to some letters of the word (at least one where any qualifies). */
function someLetters(rnd: Random, word: string, fn: (c: string) => string | undefined): string {
  const chars = [...word];
  const able = chars.map((c, i) => (fn(c) === undefined ? -1 : i)).filter((i) => i >= 0);
  if (able.length === 0) return word;
  const chosen = new Set([pick(rnd, able)]);
  for (const i of able) if (rnd() < 0.5) chosen.add(i);
  return chars.map((c, i) => (chosen.has(i) ? fn(c)! : c)).join('');
}

/** Each class of trick, a function of an insult (accents off, ñ kept) and the generator. */
export const TRICKS: Record<string, (word: string, rnd: Random) => string> = {
  phonetic: (w, rnd) => {
    const rules = PHONETIC.filter(([re]) => new RegExp(re.source).test(w));
    let out = w;
    for (let k = 0; k < 2 && rules.length > 0; k++) {
      const [re, to] = rules.splice(Math.floor(rnd() * rules.length), 1)[0]!;
      out = out.replace(re, () => to(rnd));
    }
    return out;
  },
  'digits and symbols': (w, rnd) =>
    someLetters(rnd, w, (c) => (LEET[c] ? pick(rnd, LEET[c]) : undefined)),
  'Unicode confusables': (w, rnd) =>
    someLetters(rnd, w, (c) => (CONFUSABLES.has(c) ? pick(rnd, CONFUSABLES.get(c)!) : undefined)),
  'Cyrillic or Greek by sound': (w, rnd) => {
    const cyrillic = rnd() < 0.5;
    const table = cyrillic ? CYRILLIC : GREEK;
    const respelled = w
      .replace(/qu/g, 'k')
      .replace(/ll/g, 'l')
      .replace(/ch/g, cyrillic ? 'ч' : 'τσ')
      .replace(/ñ/g, cyrillic ? 'нй' : 'ñ')
      .replace(/c(?=[ei])/g, 's')
      .replace(/h/g, '');
    return [...respelled].map((c) => table[c] ?? c).join('');
  },
  'doubled letters': (w, rnd) =>
    someLetters(rnd, w, (c) =>
      /[a-zñ]/.test(c) ? c.repeat(2 + Math.floor(rnd() * 3)) : undefined,
    ),
  'an inserted letter': (w, rnd) => {
    const at = 1 + Math.floor(rnd() * (w.length - 2));
    return w.slice(0, at) + pick(rnd, [...INSERTED]) + w.slice(at);
  },
  'separated letters': (w, rnd) => {
    const sep = pick(rnd, SEPARATORS);
    if (rnd() < 0.5) return [...w.replace(/ /g, '')].join(sep);
    const at = 1 + Math.floor(rnd() * (w.length - 2));
    return `${w.slice(0, at)}${sep}${w.slice(at)}`;
  },
  'small capitals and marks': (w, rnd) =>
    [...w].map((c) => (SMALL_CAPS[c] ?? c) + (rnd() < 0.4 ? pick(rnd, MARKS) : '')).join(''),
  'full-width': (w) =>
    [...w]
      .map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(0xff41 + c.charCodeAt(0) - 97) : c))
      .join(''),
  'glued into a sentence': (w, rnd) =>
    `${pick(rnd, ['eresun', 'eresuna', 'tu', 'quemuy', 'jajaja', 'menudo', 'soisunos', 'xq'])}${w.replace(/ /g, '')}${pick(rnd, ['', 'xd', 'jaja', 'ya', 's'])}`,
  'two tricks at once': (w, rnd) => {
    const names = Object.keys(TRICKS).filter((n) => n !== 'two tricks at once');
    const a =
      TRICKS[
        pick(
          rnd,
          names.filter((n) => !n.includes('Cyrillic')),
        )
      ]!;
    const b = TRICKS[pick(rnd, ['digits and symbols', 'doubled letters', 'separated letters'])]!;
    return b(a(w, rnd), rnd);
  },
};

/** Frames a student sends an insult in. */
const FRAMES = [
  '{}',
  'eres un {}',
  'qué {} de pregunta',
  '{} jajaja',
  'menudo {}!!',
  'el profe es {}',
];

/** `perClass` tricked insults for each class, drawn with a fixed seed. */
export function trickedSample(seed: number, perClass: number) {
  const rnd = seeded(seed);
  const bases = baseInsults();
  return Object.entries(TRICKS).flatMap(([kind, trick]) =>
    Array.from({ length: perClass }, () => {
      const insult = pick(rnd, bases);
      const text = pick(rnd, FRAMES).replace('{}', trick(plain(insult), rnd));
      return { kind, insult, text };
    }),
  );
}
