/**
 * Issue 24, 'The cloud drops negations': 'ni idea' became 'idea' and 'todo, no me entero' became
 * 'entero', the opposite of what was typed. A negation stays with what it negates as one term of
 * the cloud.
 *
 * A negation word binds forward: it takes the stop words after it ('no me', 'ni lo') up to and
 * including the next word that says something ('no me entero', 'sin azúcar', 'nunca jamás
 * vuelvo'); another negation on the way joins the same term ('no tengo ni idea'). Punctuation
 * ends it ('No, me encanta' is a 'no' and then 'encanta'), and so does the answer's end: a
 * negation followed only by stop words keeps them ('no lo sé', 'pero no mucho'), since that is
 * a whole thought. A negation with nothing after it is an ordinary word.
 *
 * Keys are folded (words.ts foldWord), so the list is written folded.
 */
const NEGATIONS = new Set([
  'no',
  'ni',
  'nunca',
  'jamas',
  'sin',
  'nada',
  'nadie',
  'tampoco',
  'ningun',
  'ninguno',
  'ninguna',
  'ningunos',
  'ningunas',
]);

/** A run of tokens, inclusive: one word, or a negation with what it negates. */
export interface Unit {
  first: number;
  last: number;
}

/**
 * The units of an answer that say something, in order: each word not on the stop list, and
 * each negation with what it negates; stop words alone are left out. `keys` are the folded
 * tokens, `joined(i)` tells whether token i and token i + 1 are separated by spaces only (no
 * punctuation). On the ballot path: one pass, no work for a token that is no negation.
 */
export function units(
  keys: readonly string[],
  isStop: (key: string) => boolean,
  joined: (i: number) => boolean,
): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < keys.length; i++) {
    const last = NEGATIONS.has(keys[i]!) ? negatedUntil(keys, i, isStop, joined) : i;
    if (last > i) {
      out.push({ first: i, last });
      i = last;
    } else if (!isStop(keys[i]!)) {
      out.push({ first: i, last: i });
    }
  }
  return out;
}

/** The last token of the term a negation at `start` opens (`start` itself: it binds nothing). */
function negatedUntil(
  keys: readonly string[],
  start: number,
  isStop: (key: string) => boolean,
  joined: (i: number) => boolean,
): number {
  let i = start;
  while (i + 1 < keys.length && joined(i)) {
    i++;
    const key = keys[i]!;
    if (!isStop(key) && !NEGATIONS.has(key)) return i;
  }
  // No word said after it: the stop words up to punctuation or the answer's end are the thought
  // ('no lo sé', 'pero no mucho'); right before punctuation it binds nothing ('No, me encanta').
  return i;
}
