import { describe, expect, it } from 'vitest';
import { optionLetter, TILE_SHAPES, tileLook } from './tiles.ts';

describe('answer tiles', () => {
  it('eight options are eight distinct shapes and eight distinct colours', () => {
    const looks = Array.from({ length: 8 }, (_, i) => tileLook(i));
    expect(new Set(looks.map((l) => l.shape)).size).toBe(8);
    expect(new Set(looks.map((l) => l.colour)).size).toBe(8);
    expect(looks.map((l) => l.shape)).toEqual([...TILE_SHAPES]);
    // A and E were both a red triangle.
    expect([looks[0]!.shape, looks[0]!.colour]).not.toEqual([looks[4]!.shape, looks[4]!.colour]);
  });

  it('no (shape, colour) pair repeats before 64 options, and no letter ever repeats', () => {
    const looks = Array.from({ length: 64 }, (_, i) => tileLook(i));
    expect(new Set(looks.map((l) => `${l.shape}|${l.colour}`)).size).toBe(64);
    const letters = Array.from({ length: 200 }, (_, i) => optionLetter(i));
    expect(new Set(letters).size).toBe(200);
    expect([optionLetter(0), optionLetter(25), optionLetter(26), optionLetter(27)]).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
    ]);
  });
});
