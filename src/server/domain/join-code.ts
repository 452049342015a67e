import { randomInt } from 'node:crypto';
import { PollKeyTakenError } from '../store/store.ts';
import { generateSlug } from './slug.ts';

/**
 * Six random digits (leading zeros kept): a million codes, so with a few thousand polls not
 * closed a draw is almost always free, and a guess almost always misses (lookups are also
 * rate-limited, limits.ts).
 */
export function generateJoinCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/** A code read aloud or typed: digits in two groups of three ('482 913'). */
export function groupJoinCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/** Enough for a code space a thousandth full; a store that refuses this often has a problem. */
const MAX_ATTEMPTS = 8;

/**
 * Runs `create` with a fresh slug and join code until the store takes them: its unique
 * constraints decide, so two instances that draw the same code cannot both keep it.
 */
export async function withFreshKeys<T>(
  create: (keys: { slug: string; joinCode: string }) => Promise<T>,
  next: () => { slug: string; joinCode: string } = () => ({
    slug: generateSlug(),
    joinCode: generateJoinCode(),
  }),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(next());
    } catch (error) {
      if (!(error instanceof PollKeyTakenError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
