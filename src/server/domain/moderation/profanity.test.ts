import { describe, expect, it } from 'vitest';
import { isProfane } from './profanity.ts';
import { PROFANITY_ES } from './profanity-es.ts';

describe('isProfane', () => {
  it.each([
    ['plain', 'qué mierda'],
    ['capitals and accents', 'PÚTA'],
    ['dots between letters', 'p.u.t.a'],
    ['spaces between letters', 'p u t a'],
    ['dashes and underscores', 'hijo de p-u_t-a'],
    ['a word split in two', 'pu ta'],
    ['digits for letters', 'm1erd4'],
    ['symbols for letters', 'put@ madre'],
    ['repeated letters', 'puuuuutaaa'],
    ['full-width letters', 'ｐｕｔａ'],
    ['mathematical letters', '𝐩𝐮𝐭𝐚'],
    ['Cyrillic look-alikes', 'рuта'],
    ['a zero-width space inside', 'pu\u200Bta'],
    ['a soft hyphen inside', 'mier\u00ADda'],
    ['a plural', 'cabrones'],
    ['ñ decomposed', 'con\u0303o'],
    ['a long word spaced out', 'g i l i p o l l a s'],
  ])('catches %s: %s', (_, text) => {
    expect(isProfane(text)).toBe(true);
  });

  it.each([
    'computadora',
    'disputa',
    'reputación',
    'Scunthorpe',
    'un cono de helado',
    'feliz año nuevo',
    'mi perro',
    'la concha del mar',
    'coger el autobús',
    'trabajo en equipo',
    'dos puntos',
    'Mi impresora HP',
    'capitán',
    'ideas para el viernes',
  ])('lets through an innocent answer: %s', (text) => {
    expect(isProfane(text)).toBe(false);
  });

  it('catches every entry of the list, and only whole words of it', () => {
    for (const word of PROFANITY_ES) expect(isProfane(word), word).toBe(true);
    for (const word of PROFANITY_ES) expect(isProfane(`xq${word}zz`), word).toBe(false);
  });
});
