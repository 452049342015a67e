import type { HostedPoll, Json } from './api-client.ts';

/** A poll with a yes/no and a multiple question (openPollWithQuestions). */
export type Target = { poll: HostedPoll; yesno: Json; multi: Json };

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
};

/** Every call that needs the secret (the mutations, the check, the export), aimed at `target`. */
export function mutations(target: Target): Record<string, Call> {
  const { poll, yesno, multi } = target;
  return {
    checkHost: { method: 'GET', url: `/polls/${poll.slug}/host` },
    updatePoll: { method: 'PATCH', url: `/polls/${poll.slug}`, body: { title: 'Hackeado' } },
    createQuestion: {
      method: 'POST',
      url: `/polls/${poll.slug}/questions`,
      body: { text: 'Intrusa', type: 'yesno' },
    },
    updateQuestion: { method: 'PUT', url: `/questions/${multi.id}`, body: { text: 'Cambiada' } },
    deleteQuestion: { method: 'DELETE', url: `/questions/${multi.id}` },
    createOption: { method: 'POST', url: `/questions/${multi.id}/options`, body: { text: 'D' } },
    updateOption: { method: 'PUT', url: `/options/${multi.options[0].id}`, body: { text: 'Z' } },
    deleteOption: { method: 'DELETE', url: `/options/${multi.options[0].id}` },
    reorderQuestions: {
      method: 'PATCH',
      url: `/polls/${poll.slug}/questions/reorder`,
      body: {
        order: [
          { id: multi.id, ordinal: 1 },
          { id: yesno.id, ordinal: 2 },
        ],
      },
    },
    duplicatePoll: { method: 'POST', url: `/polls/${poll.slug}/duplicate` },
    resetVotes: { method: 'POST', url: `/polls/${poll.slug}/reset` },
    exportResults: { method: 'GET', url: `/polls/${poll.slug}/export?format=csv` },
    getIntegrity: { method: 'GET', url: `/polls/${poll.slug}/integrity` },
    discardSource: { method: 'POST', url: `/polls/${poll.slug}/discard`, body: { source: 'abc' } },
    // Issue 24: what a discard set aside, brought back or dropped for good.
    restoreDiscarded: { method: 'POST', url: `/polls/${poll.slug}/discard/restore`, body: {} },
    emptyDiscarded: { method: 'POST', url: `/polls/${poll.slug}/discard/empty` },
    // Issue 24: erasing the poll (the secret is checked before anything is deleted).
    deletePoll: { method: 'DELETE', url: `/polls/${poll.slug}` },
    // Issue 25: the host renames or removes a player.
    renamePlayer: {
      method: 'PATCH',
      url: `/polls/${poll.slug}/players/Ana`,
      body: { nickname: 'Bea' },
    },
    removePlayer: { method: 'DELETE', url: `/polls/${poll.slug}/players/Ana` },
    // The secret is checked before the answer or question is looked up.
    moderateAnswer: {
      method: 'PATCH',
      url: `/polls/${poll.slug}/answers/1`,
      body: { state: 'hidden' },
    },
    approveAnswers: {
      method: 'POST',
      url: `/polls/${poll.slug}/questions/${multi.id}/answers/approve`,
    },
    hideWord: {
      method: 'PUT',
      url: `/polls/${poll.slug}/questions/${multi.id}/hidden-words`,
      body: { word: 'hola', hidden: true },
    },
    // Issue 18: closing a quiz question.
    closeQuestion: {
      method: 'POST',
      url: `/polls/${poll.slug}/questions/${multi.id}/close`,
    },
    // Issue 27: a self-paced quiz's progress and 'Más tiempo' (checked before the lookup).
    homeworkProgress: { method: 'GET', url: `/polls/${poll.slug}/homework` },
    setMoreTime: {
      method: 'PUT',
      url: `/polls/${poll.slug}/players/nadie/more-time`,
      body: { moreTime: true },
    },
    // Issue 17: the host's blocked words.
    getBlockedWords: { method: 'GET', url: `/polls/${poll.slug}/blocked-words` },
    setBlockedWords: {
      method: 'PUT',
      url: `/polls/${poll.slug}/blocked-words`,
      body: { words: ['palabra'] },
    },
    // Issue 20: the host's moderation of audience questions (checked before the lookup).
    moderateQa: { method: 'PATCH', url: `/polls/${poll.slug}/qa/1`, body: { pinned: true } },
    deleteQa: { method: 'DELETE', url: `/polls/${poll.slug}/qa/1` },
    clearQa: { method: 'DELETE', url: `/polls/${poll.slug}/qa` },
    // Issue 25: where upvotes came from, and a source's set aside or counted again.
    qaIntegrity: { method: 'GET', url: `/polls/${poll.slug}/qa/integrity` },
    discardQaVotes: {
      method: 'POST',
      url: `/polls/${poll.slug}/qa/discard`,
      body: { source: 'abc' },
    },
    restoreQaVotes: { method: 'POST', url: `/polls/${poll.slug}/qa/discard/restore`, body: {} },
    // Issue 28: co-host links.
    createCohost: {
      method: 'POST',
      url: `/polls/${poll.slug}/cohosts`,
      body: { scope: 'moderate', label: 'Ana' },
    },
    listCohosts: { method: 'GET', url: `/polls/${poll.slug}/cohosts` },
    deleteCohost: { method: 'DELETE', url: `/polls/${poll.slug}/cohosts/999999` },
    cohostActivity: { method: 'GET', url: `/polls/${poll.slug}/cohosts/activity` },
    // Issue 27: rounds.
    startRound: { method: 'POST', url: `/polls/${poll.slug}/rounds` },
    deleteRounds: { method: 'DELETE', url: `/polls/${poll.slug}/rounds` },
    restoreRounds: { method: 'POST', url: `/polls/${poll.slug}/rounds/restore` },
    // Issue 28: the poll file.
    exportPollFile: { method: 'GET', url: `/polls/${poll.slug}/file` },
  };
}
