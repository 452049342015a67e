import { describe, expect, it } from 'vitest';
import { CLEAN_ANSWERS } from './clean-answers-fixture.ts';
import { CLEAN_CONTAINING_ES, CLEAN_WORDS_ES } from './clean-es.ts';
import { isProfane } from './profanity.ts';
import { PROFANITY_ES, PROFANITY_GLUED_ES, PROFANITY_STEMS_ES } from './profanity-es.ts';
import { SPELLINGS, TRICKED_INSULTS, trickedAnswers } from './profanity-fixtures.ts';

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
    // Issues 17 and 19
    ['an asterisk mask', 'hijo de p*ta'],
    ['an underscore mask and @', 'p_t@'],
    ['a dot mask', 'm.erda'],
    ['a hash mask', 'c#br0n'],
    ['two masks for two letters', 'm**rda'],
    ['a derived noun', 'Qué gilipollez de pregunta'],
    ['a participle', 'está jodido'],
    ['a vulgar phrase', 'me la suda'],
    ['a vulgar phrase typed together', 'melasuda'],
    ['small capitals', 'ᴘᴜᴛᴀ'],
    ['Armenian look-alikes', 'pսtօ'],
    ['a Latin alpha', 'putɑ'],
    ['a dotless i', 'gılıpollas'],
    ['regional indicators', '🇵🇺🇹🇦'],
    ['squared letters', '🄿🅄🅃🄰'],
    ['negative squared letters', '🅿🆄🆃🅰'],
    ['circled letters', 'ⓟⓤⓣⓐ'],
    ["'!' and '|' for i and l", 'g!|!po||as'],
    ['a 1 for an l', 'gi1ipo11as'],
    ['an inserted letter', 'mierxda'],
    ['a phonetic k', 'kabron'],
    ['a phonetic g', 'goder'],
    ['y for ll', 'gilipoyas'],
    ['glued into a longer word', 'tuputamadre'],
    ['glued at both ends', 'jajajamierdaxd'],
    ['a hyphenated plural', 'pu-tas'],
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
    'calculadora',
    'Clorofila',
    'escupir',
    'pollo',
    'la cola',
    'volverá',
    'el cajón',
    'la bolera',
    'un puñetazo',
    'el pasajero',
    'p.ej. esto',
    'covid-19 en 2020',
    // Joins across words must not make an insult of two Spanish words.
    'por cuyo motivo',
    'por culto a los dioses',
    'la verja es alta',
    'me la sé',
    'hijo de Pedro',
    'me cago de frío',
  ])('lets through an innocent answer: %s', (text) => {
    expect(isProfane(text)).toBe(false);
  });

  it('catches every entry of the lists, and their glued forms where listed', () => {
    for (const word of PROFANITY_ES) expect(isProfane(word), word).toBe(true);
    for (const stem of PROFANITY_STEMS_ES) expect(isProfane(`${stem}ez`), stem).toBe(true);
    for (const word of PROFANITY_GLUED_ES) {
      expect(isProfane(`xq${word.replace(/ /g, '')}xd`), word).toBe(true);
    }
  });

  it('keeps the clean lists clean: words as typed, and words holding a glued entry', () => {
    for (const word of CLEAN_WORDS_ES) expect(isProfane(word), word).toBe(false);
    for (const stem of CLEAN_CONTAINING_ES) {
      // Each clean stem really guards something: the stem plus a glued insult's tail.
      expect(isProfane(`${stem}a`), stem).toBe(false);
    }
    expect(isProfane('disputaron')).toBe(false);
    expect(isProfane('esputos')).toBe(false);
    expect(isProfane('culebras')).toBe(false);
  });
});

describe('the issue 19 figures', () => {
  it('publishes at most 5 % of 480 tricked insults (30 insults × 16 spellings)', () => {
    expect(Object.keys(SPELLINGS)).toHaveLength(16);
    expect(TRICKED_INSULTS).toHaveLength(30);
    const answers = trickedAnswers();
    expect(answers).toHaveLength(480);
    const published = answers.filter((a) => !isProfane(a.text)).map((a) => `${a.kind}: ${a.text}`);
    // Listed in the failure, so a regression says which spellings got through.
    expect(published.length, published.join('\n')).toBeLessThanOrEqual(24);
  });

  it('flags none of 200 clean classroom answers', () => {
    expect(CLEAN_ANSWERS.length).toBeGreaterThanOrEqual(200);
    expect(CLEAN_ANSWERS.filter(isProfane)).toEqual([]);
  });
});
