import { WordMatcher } from './matcher.ts';

/**
 * Whether a word or phrase of the cloud (its folded key) is one the host hid (issue 19): the
 * hidden word alone, inside a phrase ('me gusta palabrasecreta'), or in any spelling the word
 * matcher folds (full-width, Cyrillic or mathematical letters, small capitals, repeated letters
 * 'feísimooo', a plural, a hyphen, digits for letters).
 *
 * A summary asks this for the words it shows (the top CLOUD_WORDS_MAX and those skipped on the
 * way), on every rebuild: each answer is remembered per hidden list, so a rebuild costs a map
 * lookup per word once a key has been seen, and a question without hidden words costs nothing.
 */
export type HiddenTest = (key: string) => boolean;

const NOTHING_HIDDEN: HiddenTest = () => false;

/** Hidden lists remembered (one per question with hidden words in use), and keys per list. */
const LISTS_KEPT = 512;
const KEYS_KEPT = 10_000;
const tests = new Map<string, HiddenTest>();

export function hiddenTest(hiddenKeys: readonly string[]): HiddenTest {
  if (hiddenKeys.length === 0) return NOTHING_HIDDEN;
  const id = hiddenKeys.join('\n');
  const known = tests.get(id);
  if (known) {
    // Least recently used goes first: re-inserting moves this one to the end.
    tests.delete(id);
    tests.set(id, known);
    return known;
  }
  const exact = new Set(hiddenKeys);
  const matcher = new WordMatcher({ words: hiddenKeys });
  const answers = new Map<string, boolean>();
  const test: HiddenTest = (key) => {
    if (exact.has(key)) return true;
    let hidden = answers.get(key);
    if (hidden === undefined) {
      hidden = matcher.matches(key);
      if (answers.size >= KEYS_KEPT) answers.clear();
      answers.set(key, hidden);
    }
    return hidden;
  };
  tests.set(id, test);
  if (tests.size > LISTS_KEPT) tests.delete(tests.keys().next().value!);
  return test;
}
