import { foldLetters, pieces, skeletonOf } from './fold.ts';
import { type GlueTries, Trie } from './glued.ts';
import type { GlueWords } from './matcher.ts';

/** How the word matcher (matcher.ts) lists an entry: as the skeletons it may be typed as. */

/** Sound-alike spellings taken per entry, at most (2 ** this). */
const VARIANTS_MAX = 3;

/**
 * Every skeleton a list entry is typed as, its words read together as a joined run is (scan):
 * g, j or h before e or i at a word's start read as one sound or none ('gilipollas',
 * 'jilipollas', 'hilipollas'; 'hijo', 'jijo', 'ijo'), and any r doubled ('cabrrón' reads
 * 'cabRon').
 */
export function keysOf(text: string): string[] {
  const parts = pieces(foldLetters(text), 'split').map((p) => p.spelled);
  const spelled = parts.join('');
  let spellings = [spelled];
  // Where a word begins: inside one, dropping the sound makes other words ('pajillero' with
  // no j is 'pailero', a boilermaker).
  const starts: number[] = [];
  for (let at = 0, k = 0; k < parts.length; at += parts[k]!.length, k++) {
    if (/^[gjh][ei]/.test(parts[k]!)) starts.push(at);
  }
  const soft = starts.slice(0, VARIANTS_MAX).reverse();
  for (const at of soft) {
    const sound = spelled[at] === 'h' ? 'j' : '';
    spellings = spellings.flatMap((s) => [s, s.slice(0, at) + sound + s.slice(at + 1)]);
  }
  const keys = new Set<string>();
  for (const s of spellings) {
    const skeleton = skeletonOf(s);
    if (skeleton === '') continue;
    let trilled = [skeleton];
    const rs = [...skeleton.matchAll(/r/g)].map((m) => m.index).slice(0, VARIANTS_MAX);
    for (const at of rs)
      trilled = trilled.flatMap((k) => [k, `${k.slice(0, at)}R${k.slice(at + 1)}`]);
    for (const k of trilled) keys.add(k);
  }
  return [...keys];
}

export const keysOfAll = (list: readonly string[] | undefined) => (list ?? []).flatMap(keysOf);

/** Glue words as spelled, without sound-alike keys ('hehe' is no 'jeje'), and of two letters
 *  or more: 'a', 'o', 'y' glue an insult to half of Spanish ('a-perra', 'y-culo'). */
export function glueTries(glue: GlueWords): GlueTries {
  const spelled = (w: string) =>
    pieces(foldLetters(w), 'split')
      .map((p) => p.spelled)
      .join('');
  const trie = (words: readonly string[], min = 2) =>
    new Trie(words.map((w) => skeletonOf(spelled(w))).filter((w) => w.length >= min));
  return {
    before: trie(glue.before),
    after: trie(glue.after),
    between: trie(glue.between),
    endings: trie(glue.endings, 1),
  };
}
