import { describe, expect, it } from 'vitest';
import { rateText } from './profanity.ts';

/**
 * Issue 24, its last lines: each class of trick the matcher reads, by the rule and not by a
 * list (each insult here was published before): sound-alikes, Cyrillic and Greek by sound, doubled
 * letters, a capital I for an l, and insults glued into a sentence; and the clean words those
 * rules must leave alone (place names, Spanish words with an insult inside).
 */
describe('tricked insults', () => {
  it.each([
    ['k for qu, in a form built from the dictionary form', 'eres un marikita'],
    ['h for g before i (one sound)', 'hilipollas'],
    ['Cyrillic by sound', 'тонто'],
    ['Cyrillic by sound, strong', 'каброн'],
    ['Greek by sound', 'τσινγαδα'],
    ['a doubled r', 'cabrrón'],
    ['doubled letters before a two-letter sound', 'cchhinngaaa'],
    ['doubled qu', 'maaarrriqqquuuitooo'],
    ['w for hu', 'webon'],
    ['a k read by its name', 'eres un kbron'],
    ['a capital I for an l inside a word', 'gIlipoIIas'],
    ['a digit for the second of a pair', 'fol1ar'],
    ['an insult glued into a sentence', 'soisunosculerosxd'],
    ['an insult of no glued list glued', 'eresunatortillera'],
  ])('catches %s: %s', (_, text) => {
    expect(rateText(text)).not.toBe('clean');
  });

  it('holds the mild ones and flags the strong ones', () => {
    expect(rateText('тонто')).toBe('doubt');
    expect(rateText('webon')).toBe('doubt');
    for (const t of ['hilipollas', 'cabrrón', 'τσινγαδα', 'soisunosculerosxd']) {
      expect(rateText(t), t).toBe('strong');
    }
  });
});

describe('clean look-alikes', () => {
  // The place names were flagged before; the rest guard the new rules.
  it.each([
    ['a place name with an insult inside', 'Villaputas'],
    ['a place name that starts like one', 'Mamonal'],
    ['a place name one letter from one', 'Malpartida de Cáceres'],
    ['a ladybird', 'una mariquita'],
    ['ladybirds', 'las mariquitas del jardín'],
    ['foliage', 'el follaje del bosque'],
    ['a shoulder blade', 'la escápula'],
    ['cotton', 'algodón'],
    ['a calculation', 'el cálculo'],
    ['a zygote', 'el cigoto'],
    ['a pagoda', 'una pagoda'],
    ['a boilermaker', 'el pailero'],
    ['passengers', 'los pasajeros'],
    ['a capital I starting a word', 'Isabel e Ignacio'],
    ['capitals', 'IGLESIA DE SAN ISIDRO'],
  ])('keeps %s clean: %s', (_, text) => {
    expect(rateText(text)).toBe('clean');
  });
});
