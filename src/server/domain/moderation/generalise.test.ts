import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CLEAN_ANSWERS } from './clean-answers-fixture.ts';
import { rateText } from './profanity.ts';
import { trickedSample } from './trick-generator.ts';

/**
 * Issue 24: a list written after the matcher, by the session that changed it, without tuning:
 * the kinds of trick a class uses (sound-alike spellings, digits and symbols, separators,
 * Unicode look-alikes, small capitals with combining marks) on strong and mild insults alike,
 * and clean words that hold or resemble an insult (place names, names, Spanish words).
 */
const TRICKED = [
  'hijo de pvta',
  'capu11o',
  'eres un ymbesil',
  'menudo kapuyo',
  '¿Tú eres t0nt0?',
  'gili po||as',
  'ɪᴅɪᴏᴛᴀ',
  'ᴄᴏɴ\u0303ᴏ',
  'pυtɑ',
  'ｉｍｂéｃｉｌ',
  'estuuupiiido',
  'm-i-e-r-d-a',
  'h1j0 d3 p3rr4',
  'kavron de mierda no, kavron',
  'j0d3t3',
  'z0rr@',
  'ydiota',
  'pen.de.jo',
  'marikon',
  'саbrón',
];

const CLEAN = [
  'Una pera',
  'Zora Neale Hurston',
  'Toronto',
  'Putumayo',
  'Vergara',
  'Culiacán',
  'Perrault',
  'Zorrilla',
  'Maricela',
  'los Capuleto',
  'Tetuán',
  'Pedro',
  'Cabrera',
  'el zorro y el perro',
  'Bobadilla',
  'una bobina',
  'Putin',
  'Sudáfrica',
  'un coñac',
  'Mérida',
];

describe('the matcher generalises (issue 24)', () => {
  it('publishes at most 1 of 20 tricked insults it was not tuned on', () => {
    const published = TRICKED.filter((t) => rateText(t) === 'clean');
    expect(published.length, published.join(', ')).toBeLessThanOrEqual(1);
  });

  it('holds or flags none of 20 clean look-alikes', () => {
    expect(CLEAN.filter((t) => rateText(t) !== 'clean')).toEqual([]);
  });

  it('holds (does not flag) mild and ambiguous words, flags strong ones', () => {
    for (const t of ['tonto', 'idiota', 'imbécil', 'capullo', 'zorra', 'perra', 'polla']) {
      expect(rateText(t), t).toBe('doubt');
    }
    for (const t of ['hijo de perra', 'puta', 'jódete', 'cabronazo', 'follándose']) {
      expect(rateText(t), t).toBe('strong');
    }
  });

  it('keeps clean the Spanish words a scan of ~636,000 forms caught on the way', () => {
    // Each once folded like an insult or one with a letter inserted: a light bulb, brochures,
    // the Goths, the hangman game, a slug, 'whose', Mongolian, 'delayed', a thorn bush.
    const words = ['una bombilla', 'los folletos', 'los godos', 'el ahorcado', 'la babosa'];
    words.push('cuyo padre', 'la cultura mongola', 'ha tardado', 'nos matamos a estudiar');
    words.push('el cambrón', 'volverá', 'Pola de Siero');
    expect(words.filter((t) => rateText(t) !== 'clean')).toEqual([]);
  });

  it('reads an abbreviation typed a letter at a time', () => {
    for (const t of ['h.d.p', 'eres un h d p', 'c-t-m']) expect(rateText(t), t).toBe('strong');
    for (const t of ['a b c d', 'P.D. te quiero', 'E.E.U.U.']) expect(rateText(t), t).toBe('clean');
  });

  it('holds none of the clean classroom answers', () => {
    expect(CLEAN_ANSWERS.filter((t) => rateText(t) !== 'clean')).toEqual([]);
  });
});

describe('the matcher generalises over generated tricks (issue 24)', () => {
  // Insults drawn from every inflected form of the lists, each class of trick applied at random
  // with a fixed seed (trick-generator.ts): spellings nobody wrote for the matcher.
  const sample = trickedSample(24, 100);
  const publishedOf = (kind: string) =>
    sample.filter((s) => s.kind === kind && rateText(s.text) === 'clean').map((s) => s.text);

  // The sample draws from every listed form: the vocabulary's ~40 mild lemmas (each with its
  // size forms) made it 110 of 1,100 (`node --import tsx bench/matcher.ts`).
  it('publishes under 11 % of 1,100 generated tricked insults', () => {
    const published = sample.filter((s) => rateText(s.text) === 'clean');
    expect(published.length, published.map((s) => s.text).join('\n')).toBeLessThan(121);
  });

  it('publishes at most 9 of 100 in the class: phonetic', () => {
    const published = publishedOf('phonetic');
    expect(published.length, published.join('\n')).toBeLessThanOrEqual(9);
  });

  it.each([
    'digits and symbols',
    'Unicode confusables',
    'Cyrillic or Greek by sound',
    'doubled letters',
    'separated letters',
    'small capitals and marks',
    'full-width',
  ])('publishes at most 6 of 100 in the class: %s', (kind) => {
    const published = publishedOf(kind);
    expect(published.length, published.join('\n')).toBeLessThanOrEqual(6);
  });
});

describe('the matcher keeps ordinary Spanish clean (issue 24)', () => {
  // Every form flagged is an insult form or holds one: vocabulary.test.ts checks each word.
  it('flags or holds at most 700 of ~636,000 Spanish forms, nearly all of them vulgar', () => {
    const words: string[] = createRequire(import.meta.url)('an-array-of-spanish-words');
    const flagged = words.filter((w) => rateText(w) !== 'clean');
    // 1,044 before issue 24's rules (compounds with an insult inside, derived verbs); 683 with
    // the vocabulary's larger lists (~1,650 forms), each one an insult form.
    expect(flagged.length).toBeLessThanOrEqual(700);
    const ordinary = ['algodon', 'calculo', 'escapula', 'follaje', 'pasajeros', 'cigoto'];
    ordinary.push('pagoda', 'esteta', 'follon', 'chinche', 'parrillero', 'pailero', 'mariquita');
    expect(flagged.filter((w) => ordinary.includes(w))).toEqual([]);
  }, 60_000);
});
