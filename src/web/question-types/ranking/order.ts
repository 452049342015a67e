/**
 * The order a participant first sees a ranking's options in: shuffled, so the authored order
 * (the answer, in a quiz) and its first places get no head start, and the same on every reload
 * of the same phone (a seed kept on the device and the question's id).
 */

/** A 32-bit hash of a string (FNV-1a): the shuffle's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator, enough to shuffle ten options. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The ids in a shuffled order that depends only on the seed, the question and the ids. */
export function shuffledOrder(ids: readonly number[], seed: string, questionId: number): number[] {
  const sorted = [...ids].sort((a, b) => a - b);
  const random = generator(hash(`${seed}:${questionId}:${sorted.join(',')}`));
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  return sorted;
}

/** The order with the id at `from` moved to `to` (both 0-based, clamped to the list). */
export function moveTo(order: readonly number[], from: number, to: number): number[] {
  const next = [...order];
  const [id] = next.splice(from, 1);
  if (id === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
}

/** Whether a reply is an order of exactly these ids, each once. */
export function isOrderOf(reply: readonly number[], ids: readonly number[]): boolean {
  if (reply.length !== ids.length) return false;
  const wanted = new Set(ids);
  return new Set(reply).size === reply.length && reply.every((id) => wanted.has(id));
}

const SEED_KEY = 'sondeo.order-seed';

/**
 * This device's seed, made once. The participant's id is an HttpOnly cookie the page cannot
 * read; a seed of its own keeps the order across reloads just the same. Without storage
 * (a private window refusing it) the order is stable for the page's life.
 */
let memorySeed: string | undefined;
export function deviceSeed(): string {
  try {
    const kept = localStorage.getItem(SEED_KEY);
    if (kept) return kept;
    const made = Math.random().toString(36).slice(2);
    localStorage.setItem(SEED_KEY, made);
    return made;
  } catch {
    memorySeed ??= Math.random().toString(36).slice(2);
    return memorySeed;
  }
}
