/**
 * What the domain tells the outside world after a successful change. A live hub (SSE, Redis)
 * implements it later; the domain only names the poll that changed.
 */
export interface PollEvents {
  /** The poll, its settings, status, questions or options changed. */
  pollChanged(slug: string): void;
  /** The vote counts changed (a vote, a reset, a delete that removed votes). A ballot names
   *  the open-text questions it answered, so only those clouds are rebuilt; without the list,
   *  any of them may have changed. */
  votesChanged(slug: string, textQuestionIds?: readonly number[]): void;
  /** Its audience questions or their votes changed (issue 20). */
  qaChanged(slug: string): void;
  /** A co-host link of the poll was revoked (issue 28): the streams it opened must end. */
  cohostsChanged(slug: string): void;
}

export const noopEvents: PollEvents = {
  pollChanged() {},
  votesChanged() {},
  qaChanged() {},
  cohostsChanged() {},
};
