import type { CreatePollResponse, DuplicateResponse, Settings } from '../../contract/index.ts';
import { POLL_TITLE_MAX } from '../../contract/index.ts';
import type { PollStore } from '../store/store.ts';
import type { PollEvents } from './events.ts';
import { windowChanges } from './homework/window.ts';
import { generateHostSecret, hashHostSecret } from './host-auth.ts';
import { withFreshKeys } from './join-code.ts';
import { findPollAsHost, loadPollView } from './poll-view.ts';

/** Spec §9 defaults: one vote per question on, results private. */
export const DEFAULT_SETTINGS: Settings = {
  oneVotePerQuestion: true,
  resultsPublic: false,
  // Issue 9: off, so the spec's one form with every question stays the default.
  presenterPace: false,
  hideResultsUntilRevealed: false,
  // Issue 13: off, so open answers show at once unless the host asks to approve them.
  moderateText: false,
  // Issue 20: off, so a poll is a poll until the host asks for audience questions.
  qa: false,
  qaModerated: false,
  // Issue 24: on, so a class's mild insults wait for the teacher; a host of adults turns it off.
  strictFilter: true,
  // Issue 18: off; a poll becomes a quiz when the host asks.
  quiz: false,
  // Issue 27: off, so results stay as private as the host set them.
  resultsAfterVote: false,
  // Issue 27: no window (a poll opens and closes by the host's hand); correctness only.
  opensAt: null,
  closesAt: null,
  speedPoints: false,
};

export async function createPoll(
  store: PollStore,
  events: PollEvents,
  input: { title: string; settings?: Partial<Settings> },
): Promise<CreatePollResponse> {
  const { opensAt, closesAt, ...settings } = { ...DEFAULT_SETTINGS, ...input.settings };
  const window = windowChanges(undefined, { opensAt, closesAt }, new Date());
  const secret = generateHostSecret();
  const poll = await withFreshKeys((keys) =>
    store.createPoll({
      ...keys,
      title: input.title,
      hostSecretHash: hashHostSecret(secret),
      ...settings,
      opensAt: window.opensAt ?? null,
      closesAt: window.closesAt ?? null,
    }),
  );
  events.pollChanged(poll.slug);
  return { ...(await loadPollView(store, poll)), host_secret: secret };
}

/** A copy's mark at the end of a title: ' (copia)' or ' (copia N)'. */
const COPY_MARK = / \(copia(?: (\d{1,6}))?\)$/;

/**
 * The copy's title (issue 24: telling titles): "Clase" → "Clase (copia)", a copy of that →
 * "Clase (copia 2)", then "(copia 3)"…: each generation says which it is instead of piling up
 * "(copia) (copia)". The base is shortened so the whole still fits the limit.
 */
export function copyTitle(title: string): string {
  const mark = COPY_MARK.exec(title);
  const base = mark ? title.slice(0, mark.index) : title;
  const n = mark ? Number(mark[1] ?? 1) + 1 : 1;
  const suffix = n === 1 ? ' (copia)' : ` (copia ${n})`;
  const room = POLL_TITLE_MAX - suffix.length;
  return `${base.length > room ? base.slice(0, room).trimEnd() : base}${suffix}`;
}

/** A draft copy with the same settings, questions and options, without votes, and its own join
 *  code. Its questions start hidden or not as the setting says, like new ones: a fresh run. */
export async function duplicatePoll(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
): Promise<DuplicateResponse> {
  const source = await findPollAsHost(store, slug, secret);
  const questions = await store.listQuestions(source.id);
  const newSecret = generateHostSecret();
  const copy = await withFreshKeys((keys) =>
    store.createPoll({
      ...keys,
      title: copyTitle(source.title),
      hostSecretHash: hashHostSecret(newSecret),
      oneVotePerQuestion: source.oneVotePerQuestion,
      resultsPublic: source.resultsPublic,
      presenterPace: source.presenterPace,
      hideResultsUntilRevealed: source.hideResultsUntilRevealed,
      moderateText: source.moderateText,
      // Issue 20: the settings travel, the audience's questions stay with their run.
      qa: source.qa,
      qaModerated: source.qaModerated,
      strictFilter: source.strictFilter,
      quiz: source.quiz,
      resultsAfterVote: source.resultsAfterVote,
      // Issue 27: the points rule travels; the dates do not (the copy is for another group).
      speedPoints: source.speedPoints,
      // Scales keep their settings and value options; open answers, like votes, stay behind
      // (and so do the words the host hid: they were about that run's answers).
      questions: questions.map((q, i) => ({
        text: q.text,
        type: q.type,
        ordinal: i + 1,
        resultsHidden: source.hideResultsUntilRevealed,
        scale: q.scale,
        explanation: q.explanation,
        timeLimitSeconds: q.timeLimitSeconds,
        options: q.options.map((o) => ({ text: o.text, ordinal: o.ordinal, correct: o.correct })),
      })),
    }),
  );
  // Blocked words are a setting of the poll, not of a run's answers (issue 17): they go along.
  const blocked = await store.listBlockedWords(source.id);
  if (blocked.length > 0) await store.setBlockedWords(copy.id, blocked);
  events.pollChanged(copy.slug);
  return { slug: copy.slug, host_secret: newSecret, title: copy.title };
}
