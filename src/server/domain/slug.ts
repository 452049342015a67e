import { randomInt } from 'node:crypto';
import { SLUG_ALPHABET, SLUG_LENGTH } from '../../contract/index.ts';
import { SlugTakenError } from '../store/store.ts';

/** 8 characters of a 57-letter alphabet: about 10^14 slugs, so collisions are rare. */
export function generateSlug(): string {
  let slug = '';
  for (let i = 0; i < SLUG_LENGTH; i++) slug += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)];
  return slug;
}

const MAX_ATTEMPTS = 5;

/** Runs `create` with fresh slugs until one is free (the store's unique constraint decides). */
export async function withFreshSlug<T>(
  create: (slug: string) => Promise<T>,
  nextSlug: () => string = generateSlug,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(nextSlug());
    } catch (error) {
      if (!(error instanceof SlugTakenError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
