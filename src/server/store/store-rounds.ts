/** Issue 27: the store's side of rounds (store.ts re-exports it; PollStore extends it). */
export interface RoundStore {
  /**
   * Archives the current round as `round` and empties the live tables for the next one, as a
   * reset does (kysely-votes.ts `emptyCurrentRun`), in one transaction under the poll's lock.
   * The archive was read before the lock: if a ballot landed since (the poll's ballot count is
   * no longer `ballots`), or another call archived `round` first, nothing changes and the
   * answer is 'stale' (the caller reads again). Discarded rounds are dropped for good.
   */
  archiveRound(pollId: number, archive: RoundArchive): Promise<'archived' | 'stale'>;
  /** The poll's kept archived rounds, oldest first, without their summaries. */
  listRounds(pollId: number): Promise<RoundRecord[]>;
  /** One kept archived round with its summaries; undefined when there is none of that number. */
  getRound(pollId: number, round: number): Promise<RoundWithSummaries | undefined>;
  /** 'Borrar rondas': the kept rounds are discarded (restorable until the next archive).
   *  Returns how many. */
  discardRounds(pollId: number): Promise<number>;
  /** Undoes the last 'Borrar rondas'. Returns how many came back. */
  restoreRounds(pollId: number): Promise<number>;
  /** How many discarded rounds wait for a restore. */
  discardedRounds(pollId: number): Promise<number>;
}

export interface RoundArchive {
  round: number;
  /** The poll's ballot count the summaries were computed from. */
  ballots: number;
  /** JSON of the host's and everyone else's summaries as the round closed. */
  hostSummary: string;
  audienceSummary: string;
  /** JSON of a quiz's leaderboard; null for a poll. */
  leaderboard: string | null;
  /** JSON of the rows the export's summary lists for the round. */
  exportRows: string;
}

export interface RoundRecord {
  round: number;
  ballots: number;
  closedAt: Date;
}

export interface RoundWithSummaries extends RoundRecord {
  hostSummary: string;
  audienceSummary: string;
  leaderboard: string | null;
  exportRows: string;
}
