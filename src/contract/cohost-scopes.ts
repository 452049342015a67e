import type { CohostScope } from './cohosts.ts';
import { type EndpointName, endpoints } from './endpoints.ts';

/**
 * Issue 28: what a co-host link may do, decided here for every route and nowhere else.
 *
 * - `scopes`: the links that may make the call (the presenter code always may). For a route
 *   that needs the secret, any other link gets 403 SCOPE_FORBIDDEN; for a read whose answer is
 *   richer for the host (the poll with a quiz's answers, hidden results, held questions), any
 *   other link reads what everyone reads.
 * - `fields`: the body fields those links may send; a body with any other is SCOPE_FORBIDDEN
 *   (the presenter advances with PATCH /polls/{slug} `{currentQuestionId}`, which also edits
 *   the title and settings for the host).
 *
 * Every route that needs the secret must have its entry (a missing one does not type-check);
 * a route without an entry treats a link as no secret at all.
 */
export type ScopeRule = {
  readonly scopes: readonly CohostScope[];
  readonly fields?: readonly string[];
};

type HostRouteName = {
  [K in EndpointName]: (typeof endpoints)[K]['secret'] extends true ? K : never;
}[EndpointName];

const HOST_ONLY: ScopeRule = { scopes: [] };
const ALL: readonly CohostScope[] = ['moderate', 'present', 'results'];

export const ROUTE_SCOPES = {
  // Changes nothing: every link may check itself (the panel asks before it unlocks).
  checkHost: { scopes: ALL },
  updatePoll: { scopes: ['present'], fields: ['currentQuestionId'] },
  createQuestion: HOST_ONLY,
  updateQuestion: { scopes: ['present'], fields: ['resultsHidden'] },
  deleteQuestion: HOST_ONLY,
  createOption: HOST_ONLY,
  updateOption: HOST_ONLY,
  deleteOption: HOST_ONLY,
  reorderQuestions: HOST_ONLY,
  duplicatePoll: HOST_ONLY,
  deletePoll: HOST_ONLY,
  resetVotes: HOST_ONLY,
  // Issue 27: starting a round is the presenter's move in a peer-instruction lesson (ask,
  // discuss, ask again), and it loses nothing: the round ends up in the archive. Deleting the
  // archive, or bringing it back, stays the host's.
  startRound: { scopes: ['present'] },
  deleteRounds: HOST_ONLY,
  restoreRounds: HOST_ONLY,
  listRounds: { scopes: ALL },
  exportResults: { scopes: ['results'] },
  getIntegrity: HOST_ONLY,
  discardSource: HOST_ONLY,
  restoreDiscarded: HOST_ONLY,
  emptyDiscarded: HOST_ONLY,
  moderateAnswer: { scopes: ['moderate'] },
  approveAnswers: { scopes: ['moderate'] },
  hideWord: { scopes: ['moderate'] },
  // The blocked words are the poll's settings.
  getBlockedWords: HOST_ONLY,
  setBlockedWords: HOST_ONLY,
  // Approve, hide, highlight, mark answered; deleting stays the host's.
  moderateQa: { scopes: ['moderate'] },
  deleteQa: HOST_ONLY,
  clearQa: HOST_ONLY,
  qaIntegrity: HOST_ONLY,
  discardQaVotes: HOST_ONLY,
  restoreQaVotes: HOST_ONLY,
  renamePlayer: HOST_ONLY,
  removePlayer: HOST_ONLY,
  closeQuestion: { scopes: ['present'] },
  // Issue 27: who finished a homework is the results' view; more time is the presenter's hand
  // on the game (a teacher's assistant at the projector gives it to a pupil who asks).
  homeworkProgress: { scopes: ['present', 'results'] },
  setMoreTime: { scopes: ['present'] },
  createCohost: HOST_ONLY,
  listCohosts: HOST_ONLY,
  deleteCohost: HOST_ONLY,
  cohostActivity: HOST_ONLY,
  // The poll file holds every question and setting: the host's to take elsewhere.
  exportPollFile: HOST_ONLY,
  // Reads with a host's view.
  getPoll: { scopes: ALL },
  getSummary: { scopes: ALL },
  pollEvents: { scopes: ALL },
  listAnswers: { scopes: ['moderate', 'results'] },
  listQa: { scopes: ALL },
  getLeaderboard: { scopes: ['present', 'results'] },
} as const satisfies Record<HostRouteName, ScopeRule> & Partial<Record<EndpointName, ScopeRule>>;

export function scopeRuleOf(name: string): ScopeRule | undefined {
  return (ROUTE_SCOPES as Partial<Record<string, ScopeRule>>)[name];
}

/** Whether a link of `scope` may make this call with this body. */
export function scopeAllows(rule: ScopeRule, scope: CohostScope, body?: unknown): boolean {
  if (!rule.scopes.includes(scope)) return false;
  if (!rule.fields || body === undefined || body === null || typeof body !== 'object') return true;
  return Object.keys(body).every((key) => rule.fields?.includes(key));
}

/** Whether `endpoints` marks this route as needing the secret. */
export function needsSecret(name: EndpointName): boolean {
  return endpoints[name].secret;
}
