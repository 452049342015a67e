import { describe, expect, it } from 'vitest';
import { cloudWords } from '../words/words.ts';
import { hiddenTest } from './hidden-words.ts';

const keyOf = (text: string) => cloudWords(text)[0]!.key;

describe('hiddenTest', () => {
  const isHidden = hiddenTest(['palabrasecreta', 'feisimo', 'trabajo en equipo']);

  it.each([
    ['the word itself', 'palabrasecreta'],
    ['inside a two-word phrase', 'gusta palabrasecreta'],
    ['inside a three-word phrase', 'me gusta palabrasecreta'],
    ['full-width letters', 'ｆｅｉｓｉｍｏ'],
    ['a Cyrillic е', 'fеísimo'],
    ['mathematical bold', '𝐟𝐞𝐢𝐬𝐢𝐦𝐨'],
    ['small capitals', 'ꜰᴇɪꜱɪᴍᴏ'],
    ['repeated letters', 'feísimooo'],
    ['a plural', 'feísimos'],
    ['a hyphen', 'fei-simo'],
    ['digits for letters', 'f3is1m0'],
    ['a hidden phrase', 'Trabajo en equipo'],
  ])('hides %s: %s', (_, text) => {
    expect(isHidden(keyOf(text))).toBe(true);
  });

  it.each(['palabra', 'feo', 'simo', 'el trabajo', 'equipo'])('keeps %s', (text) => {
    expect(isHidden(keyOf(text))).toBe(false);
  });

  it('costs nothing without hidden words, and is the same test for the same list', () => {
    expect(hiddenTest([])('lo que sea')).toBe(false);
    expect(hiddenTest(['palabrasecreta', 'feisimo', 'trabajo en equipo'])).toBe(isHidden);
  });
});
