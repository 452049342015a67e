/**
 * What the domain tells the outside world after a successful change. A live hub (SSE, Redis)
 * implements it later; the domain only names the poll that changed.
 */
export interface PollEvents {
  /** The poll, its settings, status, questions or options changed. */
  pollChanged(slug: string): void;
  /** The vote counts changed (a vote, a reset, a delete that removed votes). */
  votesChanged(slug: string): void;
  /** Its audience questions or their votes changed (issue 20). */
  qaChanged(slug: string): void;
}

export const noopEvents: PollEvents = {
  pollChanged() {},
  votesChanged() {},
  qaChanged() {},
};
