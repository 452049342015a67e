import { NICKNAME_MAX, quizMessages } from '../../../contract/index.ts';
import type { PollRecord, PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import { blockedTest } from '../moderation/blocked-words.ts';
import { foldLetters } from '../moderation/fold.ts';
import { inflections } from '../moderation/inflect.ts';
import { WordMatcher } from '../moderation/matcher.ts';
import {
  HATE_NUMBERS,
  HATE_SYMBOLS,
  NAMES_LIKE_INSULTS,
  NICKNAME_GLUED,
  NICKNAME_WORDS,
} from '../moderation/nickname-lists.ts';
import { rateName } from '../moderation/profanity.ts';

/**
 * A nickname's rules (issues 18, 25): the one function that takes a player's name, whether the
 * player chooses it or the host renames a player. A name cannot be held like an answer: what the
 * open answers' filter would hold under 'Filtro estricto' is refused, and so are slurs in English
 * and Spanish, hate symbols and codes, and incitement to self-harm. Uniqueness is by the name's
 * look (nicknameKey), so no two players look alike on the projector.
 *
 * A name is read as a name (issue 25): verbs' personal forms are not matched ('Jodi' is a name,
 * 'jodí' only vulgar in a sentence; profanity.ts rateName), and a given name of another
 * language that only sounds like a Spanish insult, typed as it is written, is taken
 * (NAMES_LIKE_INSULTS: 'Marika').
 */

const NICKNAME_ONLY = new WordMatcher({
  words: inflections(NICKNAME_WORDS, { personal: false }),
  glued: NICKNAME_GLUED,
});
const NAMES = new Set(NAMES_LIKE_INSULTS);

/** Whether a nickname is refused (the message never says which word matched): `strict` is the
 *  poll's 'Filtro estricto', `blocked` the host's blocked words. */
export function refusesNickname(
  nickname: string,
  strict: boolean,
  blocked: readonly string[] = [],
): boolean {
  if (HATE_SYMBOLS.test(nickname)) return true;
  const folded = foldLetters(nickname);
  if (HATE_NUMBERS.test(folded)) return true;
  if (NAMES.has(folded.trim())) return blocked.length > 0 && blockedTest(blocked)(nickname);
  const rating = rateName(nickname);
  if (rating === 'strong' || (strict && rating === 'doubt')) return true;
  if (NICKNAME_ONLY.matches(nickname)) return true;
  return blocked.length > 0 && blockedTest(blocked)(nickname);
}

/**
 * The nickname's uniqueness key: what a reader of the projector sees. Case, accents, invisible
 * characters, full-width and look-alike letters of other scripts (Unicode's confusables data,
 * fold.ts) are folded; then the Latin letters and digits that look alike: I, l, 1, | and ! (so
 * 'lsmael' is 'Ismael'), O and 0, rn and m, vv and w; ñ as n; spaces and punctuation dropped.
 */
export function nicknameKey(nickname: string): string {
  const folded = foldLetters(nickname).replace(/\u00f1/gu, 'n');
  const key = folded
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[il1|!¡]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/[^a-z0-9]/g, '');
  // A name of symbols only ('★★') keeps them, without spaces.
  return key !== '' ? key : folded.replace(/\s+/gu, '');
}

/** The version of nicknameKey's rule, stored beside each key (migration 023): raise it when the
 *  rule changes, and the server re-keys the players keyed before on its next start. Version 1
 *  is the confusables skeleton (issue 25); rows of version 0 were keyed by case and accents. */
export const NICKNAME_KEY_VERSION = 1;

export const NICKNAME_KEY_RULE = {
  keyOf: nicknameKey,
  version: NICKNAME_KEY_VERSION,
  maxLength: NICKNAME_MAX,
} as const;

/** Re-keys the players an older rule keyed (at start, and after a restore brings back players
 *  set aside before migration 023); a look-alike of an earlier player becomes 'name 2'. */
export function rekeyOldNicknames(store: PollStore): Promise<number> {
  return store.rekeyNicknames(NICKNAME_KEY_RULE);
}

/**
 * Checks a nickname for a poll: NICKNAME_INVALID (400, Spanish message) when its content is
 * refused. Returns its uniqueness key for the store (NICKNAME_TAKEN is the store's to say).
 */
export async function checkNickname(
  store: PollStore,
  poll: PollRecord,
  nickname: string,
): Promise<string> {
  // The leaderboard shows nicknames on the projector: the host's blocked words apply too.
  const blocked = await store.listBlockedWords(poll.id);
  if (refusesNickname(nickname, poll.strictFilter, blocked)) {
    throw new DomainError('NICKNAME_INVALID', quizMessages.nicknameBlocked);
  }
  return nicknameKey(nickname);
}
