/**
 * The forms of an insult a class types, built from its dictionary form, so a list names each
 * insult once and catches its feminine, diminutive, augmentative and verb forms (issue 24).
 * Plurals are the matcher's (a listed word in -s or -es matches), accents are folded away, so
 * forms are written without them.
 *
 * A lemma carries its class after a colon:
 * - `g` an adjective or noun of two genders ('tonto' → tonta), with diminutives ('tontito',
 *   'tontillo', 'tontuelo') and augmentatives ('tontazo', 'tontote', 'tontorrón'), and a
 *   participle without its d ('pringao');
 * - `n` one gender only or invariable ('idiota', 'imbécil', 'zorra'): the word alone, no
 *   diminutives, since those are often other words ('zorrilla', 'pollito');
 * - `c` a compound whose last word is a plural noun ('tontopollas', 'lameculos'): the word and
 *   its singular, which a class types as often ('tontopolla');
 * - `v` a verb: every simple tense, the imperative, the gerund and the participle, with the
 *   pronouns glued where Spanish glues them ('jódete', 'follárselo').
 */

const plain = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u0302\u0304-\u036f]/g, '')
    .normalize('NFC');

/** Gender and size endings of a word in -o (or -ón, -e, a consonant). */
function nominal(word: string): string[] {
  const forms = new Set([word]);
  if (word.endsWith('on')) {
    // cabrón → cabrona, cabronazo, cabroncete, cabroncillo
    for (const end of ['a', 'azo', 'aza', 'cete', 'cillo', 'cilla', 'cito', 'cita']) {
      forms.add(word + end);
    }
    return [...forms];
  }
  if (/[dlrz]$/.test(word)) {
    // violador → violadora, violadorcito, violadorazo (a vowel ending is a gender's own).
    for (const end of ['a', 'cito', 'cita', 'azo', 'aza', 'zote', 'zota']) forms.add(word + end);
    return [...forms];
  }
  const stem = /[oae]$/.test(word) ? word.slice(0, -1) : word;
  // 'c' and 'g' before e and i keep their sound ('bobo' → 'bobito', 'loco' → 'loquito').
  const soft = (s: string) => s.replace(/c$/, 'qu').replace(/g$/, 'gu');
  for (const end of ['o', 'a']) forms.add(stem + end);
  // Not -ín, -ina: 'bobina', 'Putin' are other words.
  for (const end of ['ito', 'ita', 'illo', 'illa', 'uelo', 'uela']) {
    forms.add(soft(stem) + end);
  }
  for (const end of ['azo', 'aza', 'ote', 'ota', 'on', 'ona', 'orron', 'orrona']) {
    forms.add(stem + end);
  }
  // A participle's d dropped, as it is said and typed ('pringao', 'culiao'); not -ido, whose
  // 'malparío' is 'malparió', miscarried.
  if (word.endsWith('ado')) forms.add(word.replace(/do$/, 'o'));
  return [...forms];
}

const PRONOUNS = ['me', 'te', 'se', 'lo', 'la', 'los', 'las', 'le', 'les', 'nos'];
const PAIRS = ['telo', 'tela', 'selo', 'sela', 'melo', 'mela', 'selos', 'selas'];

/**
 * Regular conjugation of an -ar, -er or -ir verb (stem spelling kept: 'chingue'). Without
 * `personal`, only the forms that stand alone as an insult: the infinitive, the imperatives,
 * the gerund and the participle, with their glued pronouns; a personal form ('jodí', 'jodes')
 * is vulgar only in a sentence, and alone it is often a name ('Jodi').
 */
function verbal(infinitive: string, personal: boolean): string[] {
  const stem = infinitive.slice(0, -2);
  const kind = infinitive.slice(-2) as 'ar' | 'er' | 'ir';
  const a = kind === 'ar';
  const th = a ? 'a' : 'e';
  // Before e, 'g' is written 'gu' and 'c' 'qu' in -ar verbs ('chingue', 'saque').
  const soft = a ? stem.replace(/g$/, 'gu').replace(/c$/, 'qu') : stem;
  const sub = a ? 'e' : 'a';
  const forms = new Set<string>();
  const add = (s: string, ends: string[]) => {
    if (personal) for (const e of ends) forms.add(s + e);
  };
  add(stem, ['o', `${th}s`, th, `${th}n`, `${a ? 'a' : kind === 'er' ? 'e' : 'i'}mos`]);
  add(stem, [`${a ? 'a' : kind === 'er' ? 'e' : 'i'}is`]);
  // The preterite's 'yo' of an -ar verb softens too ('chingué').
  add(a ? soft : stem, [a ? 'e' : 'i']);
  add(stem, a ? ['aste', 'o', 'asteis', 'aron'] : ['iste', 'io', 'isteis', 'ieron']);
  add(stem, a ? ['aba', 'abas', 'aban', 'abamos'] : ['ia', 'ias', 'ian', 'iamos']);
  add(infinitive, ['e', 'as', 'a', 'emos', 'eis', 'an', 'ia', 'ias', 'ian', 'iamos']);
  add(sub === 'e' ? soft : stem, [sub, `${sub}s`, `${sub}mos`, `${sub}is`, `${sub}n`]);
  add(stem, a ? ['ara', 'aras', 'aran', 'ase'] : ['iera', 'ieras', 'ieran', 'iese']);
  const gerund = stem + (a ? 'ando' : 'iendo');
  const participle = stem + (a ? 'ado' : 'ido');
  forms.add(infinitive);
  forms.add(gerund);
  for (const end of ['o', 'a']) forms.add(participle.slice(0, -1) + end);
  // The imperatives: tú, usted, ustedes, vosotros.
  for (const f of [stem + th, `${soft}${sub}`, `${soft}${sub}n`, `${infinitive.slice(0, -1)}d`]) {
    forms.add(f);
  }
  // Pronouns glued to the infinitive, the gerund and the imperatives ('jodete', 'jodanse'), and
  // the reflexive of vosotros ('jodeos'): no other 'os', a letter away from Spanish plurals.
  const glued = [infinitive, gerund, stem + th, `${soft}${sub}n`, `${soft}${sub}`];
  for (const base of glued) for (const p of [...PRONOUNS, ...PAIRS]) forms.add(base + p);
  forms.add(`${stem}${th}os`);
  return [...forms];
}

/**
 * Every form of every lemma of a list ('tonto:g, joder:v, idiota:n'), accents off. A nickname's
 * lists leave out verbs' personal forms (`personal: false`, see verbal).
 */
export function inflections(lemmas: readonly string[], { personal = true } = {}): string[] {
  const out = new Set<string>();
  for (const entry of lemmas) {
    const [lemma, kind = 'n'] = entry.split(':') as [string, string?];
    const word = plain(lemma.trim().toLowerCase());
    const forms =
      kind === 'g'
        ? nominal(word)
        : kind === 'v'
          ? verbal(word, personal)
          : kind === 'c'
            ? [word, word.replace(/s$/, '')]
            : [word];
    for (const f of forms) out.add(f);
  }
  return [...out];
}
