import type {
  BlockedWords,
  BlockedWordsBody,
  BlockedWordsResponse,
} from '../../../contract/index.ts';
import type { PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { findPollAsHost } from '../poll-view.ts';
import { flagBlockedQaQuestions } from '../qa/qa-blocked.ts';
import { hasOpenAnswers } from '../question-types/index.ts';
import { foldKey } from '../words/words.ts';
import { WordMatcher } from './matcher.ts';

/**
 * 'Palabras bloqueadas' (issue 17): words a host blocks for one poll, on top of the profanity
 * list. A new open answer holding one, in any spelling the matcher folds, is stored flagged
 * (cast-vote.ts), and so is an audience question (qa/qa.ts); on request, the visible and held answers already in are flagged too. The
 * list travels with the cached poll (PollContext.blockedWords), so a ballot reads no more rows.
 */

export interface BlockedWordsLimits {
  /** BLOCKED_WORDS_MAX (limits.ts). */
  max: number;
  /** BLOCKED_WORD_LENGTH_MAX (limits.ts). */
  length: number;
}

/** Whether an answer holds a blocked word: one matcher per list, remembered for the ballots. */
export type BlockedTest = (text: string) => boolean;

const LISTS_KEPT = 512;
const tests = new Map<string, BlockedTest>();

export function blockedTest(words: readonly string[]): BlockedTest {
  const id = words.join('\n');
  const known = tests.get(id);
  if (known) {
    tests.delete(id);
    tests.set(id, known);
    return known;
  }
  const matcher = new WordMatcher({ words });
  const test: BlockedTest = (text) => matcher.matches(text);
  tests.set(id, test);
  if (tests.size > LISTS_KEPT) tests.delete(tests.keys().next().value!);
  return test;
}

export async function getBlockedWords(
  store: PollStore,
  slug: string,
  secret: string | undefined,
): Promise<BlockedWords> {
  const poll = await findPollAsHost(store, slug, secret);
  return { words: await store.listBlockedWords(poll.id) };
}

function invalid(message: string, path: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, [{ path, message }]);
}

/** The list as stored: each word once (the first of those that fold alike), within limits. */
function checkedWords(words: readonly string[], limits: BlockedWordsLimits): string[] {
  const kept = new Map<string, string>();
  for (const [i, word] of words.entries()) {
    const path = `body.words.${i}`;
    if ([...word].length > limits.length) {
      throw invalid(`Cada palabra bloqueada admite como máximo ${limits.length} caracteres`, path);
    }
    const key = foldKey(word);
    if (key === '') throw invalid('La palabra debe tener letras o números', path);
    if (!kept.has(key)) kept.set(key, word);
  }
  if (kept.size > limits.max) {
    throw invalid(`Como máximo ${limits.max} palabras bloqueadas por encuesta`, 'body.words');
  }
  return [...kept.values()];
}

export async function setBlockedWords(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  body: Required<Pick<BlockedWordsBody, 'words'>> & { applyToExisting?: boolean },
  limits: BlockedWordsLimits,
): Promise<BlockedWordsResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const words = await store.setBlockedWords(poll.id, checkedWords(body.words, limits));
  if (!words) throw new DomainError('POLL_NOT_FOUND');
  // The vote path reads the list from the cached poll: a poll change refreshes it everywhere.
  events.pollChanged(poll.slug);
  if (!body.applyToExisting || words.length === 0) return { words, flagged: 0 };
  const holds = blockedTest(words);
  const answers = await flagExisting(store, poll.id, holds);
  if (answers > 0) events.votesChanged(poll.slug);
  // Audience questions (issue 20) are shown beside the answers: the same words hide them.
  const questions = await flagBlockedQaQuestions(store, poll.id, holds);
  if (questions > 0) events.qaChanged(poll.slug);
  return { words, flagged: answers + questions };
}

/** Answers read per query while looking for blocked words in those already in. */
const PAGE = 500;

/** O(answers of the poll), once, on the host's request. */
async function flagExisting(store: PollStore, pollId: number, holds: BlockedTest) {
  const ids: number[] = [];
  for (const question of await store.listQuestions(pollId)) {
    if (!hasOpenAnswers(question)) continue;
    let before: number | undefined;
    for (;;) {
      const page = await store.listTextAnswers(question.id, {
        before,
        limit: PAGE,
        visibleOnly: false,
      });
      for (const a of page) {
        if ((a.state === 'visible' || a.state === 'held') && holds(a.text)) ids.push(a.id);
      }
      if (page.length < PAGE) break;
      before = page.at(-1)!.id;
    }
  }
  return store.flagTextAnswers(pollId, ids);
}
