import { randomInt } from 'node:crypto';
import { SLUG_ALPHABET, SLUG_LENGTH } from '../../contract/index.ts';

/** 8 characters of a 57-letter alphabet: about 10^14 slugs, so collisions are rare. */
export function generateSlug(): string {
  let slug = '';
  for (let i = 0; i < SLUG_LENGTH; i++) slug += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)];
  return slug;
}
