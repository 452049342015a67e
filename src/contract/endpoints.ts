/**
 * Method, path, secret and status of every call of spec §7, without schemas: the web client needs
 * only these at run time, and importing routes.ts would put zod (~25 KB gzip) into every phone's
 * download. routes.ts adds the schemas to each entry; its type check refuses a route missing here.
 * Departure from the spec: updateQuestion needs the secret too.
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path under API_BASE; `:slug`, `:id` (and the like) are filled by the client. */
  path: string;
  /** Whether X-Host-Secret is required. */
  secret: boolean;
  status: 200 | 201 | 204;
};

export const API_BASE = '/api/v1';

export const endpoints = {
  createPoll: { method: 'POST', path: '/polls', secret: false, status: 201 },
  getPoll: { method: 'GET', path: '/polls/:slug', secret: false, status: 200 },
  // Issue 17: 'Mis encuestas'. The secrets are in the body, one per poll, not in X-Host-Secret.
  lookupPolls: { method: 'POST', path: '/polls/lookup', secret: false, status: 200 },
  checkHost: { method: 'GET', path: '/polls/:slug/host', secret: true, status: 204 },
  updatePoll: { method: 'PATCH', path: '/polls/:slug', secret: true, status: 200 },
  createQuestion: { method: 'POST', path: '/polls/:slug/questions', secret: true, status: 201 },
  updateQuestion: { method: 'PUT', path: '/questions/:id', secret: true, status: 200 },
  deleteQuestion: { method: 'DELETE', path: '/questions/:id', secret: true, status: 204 },
  createOption: { method: 'POST', path: '/questions/:id/options', secret: true, status: 201 },
  updateOption: { method: 'PUT', path: '/options/:id', secret: true, status: 200 },
  deleteOption: { method: 'DELETE', path: '/options/:id', secret: true, status: 204 },
  reorderQuestions: {
    method: 'PATCH',
    path: '/polls/:slug/questions/reorder',
    secret: true,
    status: 200,
  },
  duplicatePoll: { method: 'POST', path: '/polls/:slug/duplicate', secret: true, status: 201 },
  // Issue 24: a school erases its data.
  deletePoll: { method: 'DELETE', path: '/polls/:slug', secret: true, status: 204 },
  castVote: { method: 'POST', path: '/polls/:slug/votes', secret: false, status: 201 },
  getSummary: { method: 'GET', path: '/polls/:slug/summary', secret: false, status: 200 },
  pollEvents: { method: 'GET', path: '/polls/:slug/events', secret: false, status: 200 },
  resetVotes: { method: 'POST', path: '/polls/:slug/reset', secret: true, status: 200 },
  // Issue 27: rounds ('Nueva ronda', the archive, 'Borrar rondas' and its undo).
  startRound: { method: 'POST', path: '/polls/:slug/rounds', secret: true, status: 201 },
  listRounds: { method: 'GET', path: '/polls/:slug/rounds', secret: false, status: 200 },
  deleteRounds: { method: 'DELETE', path: '/polls/:slug/rounds', secret: true, status: 200 },
  restoreRounds: {
    method: 'POST',
    path: '/polls/:slug/rounds/restore',
    secret: true,
    status: 200,
  },
  exportResults: { method: 'GET', path: '/polls/:slug/export', secret: true, status: 200 },
  participantState: { method: 'GET', path: '/polls/:slug/me', secret: false, status: 200 },
  joinPoll: { method: 'GET', path: '/join/:code', secret: false, status: 200 },
  getIntegrity: { method: 'GET', path: '/polls/:slug/integrity', secret: true, status: 200 },
  discardSource: { method: 'POST', path: '/polls/:slug/discard', secret: true, status: 200 },
  restoreDiscarded: {
    method: 'POST',
    path: '/polls/:slug/discard/restore',
    secret: true,
    status: 200,
  },
  emptyDiscarded: {
    method: 'POST',
    path: '/polls/:slug/discard/empty',
    secret: true,
    status: 200,
  },
  // Issue 13: moderation of open answers.
  moderateAnswer: {
    method: 'PATCH',
    path: '/polls/:slug/answers/:answerId',
    secret: true,
    status: 200,
  },
  approveAnswers: {
    method: 'POST',
    path: '/polls/:slug/questions/:questionId/answers/approve',
    secret: true,
    status: 200,
  },
  hideWord: {
    method: 'PUT',
    path: '/polls/:slug/questions/:questionId/hidden-words',
    secret: true,
    status: 200,
  },
  listAnswers: {
    method: 'GET',
    path: '/polls/:slug/questions/:questionId/answers',
    secret: false,
    status: 200,
  },
  // Issue 17: the host's blocked words for a poll.
  getBlockedWords: {
    method: 'GET',
    path: '/polls/:slug/blocked-words',
    secret: true,
    status: 200,
  },
  setBlockedWords: {
    method: 'PUT',
    path: '/polls/:slug/blocked-words',
    secret: true,
    status: 200,
  },
  // Issue 20: audience Q&A.
  askQa: { method: 'POST', path: '/polls/:slug/qa', secret: false, status: 201 },
  listQa: { method: 'GET', path: '/polls/:slug/qa', secret: false, status: 200 },
  voteQa: { method: 'PUT', path: '/polls/:slug/qa/:id/vote', secret: false, status: 200 },
  moderateQa: { method: 'PATCH', path: '/polls/:slug/qa/:id', secret: true, status: 200 },
  deleteQa: { method: 'DELETE', path: '/polls/:slug/qa/:id', secret: true, status: 204 },
  clearQa: { method: 'DELETE', path: '/polls/:slug/qa', secret: true, status: 200 },
  // Issue 25: where upvotes came from, and a source's set aside or counted again.
  qaIntegrity: { method: 'GET', path: '/polls/:slug/qa/integrity', secret: true, status: 200 },
  discardQaVotes: { method: 'POST', path: '/polls/:slug/qa/discard', secret: true, status: 200 },
  restoreQaVotes: {
    method: 'POST',
    path: '/polls/:slug/qa/discard/restore',
    secret: true,
    status: 200,
  },
  // Issue 18: quiz.
  setNickname: { method: 'PUT', path: '/polls/:slug/me', secret: false, status: 200 },
  getLeaderboard: { method: 'GET', path: '/polls/:slug/leaderboard', secret: false, status: 200 },
  // Issue 25: the host renames or removes a player.
  renamePlayer: {
    method: 'PATCH',
    path: '/polls/:slug/players/:nickname',
    secret: true,
    status: 200,
  },
  removePlayer: {
    method: 'DELETE',
    path: '/polls/:slug/players/:nickname',
    secret: true,
    status: 204,
  },
  // Issue 27: homework, a self-paced quiz and 'Más tiempo'.
  nextQuestion: { method: 'POST', path: '/polls/:slug/me/next', secret: false, status: 200 },
  homeworkProgress: { method: 'GET', path: '/polls/:slug/homework', secret: true, status: 200 },
  setMoreTime: {
    method: 'PUT',
    path: '/polls/:slug/players/:nickname/more-time',
    secret: true,
    status: 200,
  },
  closeQuestion: {
    method: 'POST',
    path: '/polls/:slug/questions/:questionId/close',
    secret: true,
    status: 200,
  },
  // Issue 28: co-host links.
  createCohost: { method: 'POST', path: '/polls/:slug/cohosts', secret: true, status: 201 },
  listCohosts: { method: 'GET', path: '/polls/:slug/cohosts', secret: true, status: 200 },
  deleteCohost: { method: 'DELETE', path: '/polls/:slug/cohosts/:id', secret: true, status: 204 },
  cohostActivity: {
    method: 'GET',
    path: '/polls/:slug/cohosts/activity',
    secret: true,
    status: 200,
  },
  // Issue 28: poll files.
  exportPollFile: { method: 'GET', path: '/polls/:slug/file', secret: true, status: 200 },
  importPoll: { method: 'POST', path: '/polls/import', secret: false, status: 201 },
  serverInfo: { method: 'GET', path: '/info', secret: false, status: 200 },
  health: { method: 'GET', path: '/health', secret: false, status: 200 },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** Fills `:slug`, `:id`, `:questionId`… in a route path. */
export function routePath(
  name: EndpointName,
  params: Record<string, string | number> = {},
): string {
  return endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(String(value));
  });
}
