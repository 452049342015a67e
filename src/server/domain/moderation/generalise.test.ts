import { describe, expect, it } from 'vitest';
import { CLEAN_ANSWERS } from './clean-answers-fixture.ts';
import { rateText } from './profanity.ts';

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
