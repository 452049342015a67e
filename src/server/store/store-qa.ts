import type { QaSort, QaState } from '../../contract/qa.ts';

/** Issue 20: the store's side of audience Q&A (store.ts re-exports it; PollStore extends it). */
export interface QaStore {
  /** Stores a question, unless the poll already holds `maxPerPoll` (then 'full'). The count and
   *  the insert are one transaction under the poll's lock, so two instances cannot both pass the
   *  cap. The poll's updatedAt stays: audience questions are not the poll's content. Undefined
   *  when the poll is gone. */
  addQaQuestion(input: NewQaQuestion): Promise<QaQuestionRecord | QaRefusal | undefined>;
  getQaQuestion(id: number): Promise<QaQuestionRecord | undefined>;
  /** A page of the poll's questions in one sort. `top`: pinned first, then most votes, then
   *  oldest; `recent`: newest first. Only `states` (all when omitted), plus, with `ownerId`, that
   *  participant's own questions in any of `ownStates`; `answered` filters on the mark when
   *  given. `total` counts every match. */
  listQaQuestions(
    pollId: number,
    query: QaListQuery,
  ): Promise<{ records: QaQuestionRecord[]; total: number }>;
  /** The ids among `questionIds` this participant voted up. */
  qaVotedBy(participantId: string, questionIds: number[]): Promise<Set<number>>;
  /** Adds (up) or removes the participant's vote; idempotent, one vote per participant under
   *  a primary key; the question's counter follows in the same transaction. Undefined when the
   *  question is gone. */
  voteQa(
    questionId: number,
    participantId: string,
    up: boolean,
    signals?: QaVoteSignals,
  ): Promise<{ votes: number; votedByMe: boolean } | undefined>;
  /** The poll's upvotes grouped by source (issue 25), most votes first: counted and set-aside
   *  votes, those from ids younger than FRESH_PARTICIPANT_MS, those from ids issued in a bulk
   *  (seconds in which at least `bulkIds` of the source's voting ids were issued). */
  qaVoteSources(pollId: number, bulkIds: number): Promise<QaVoteSource[]>;
  /** Sets aside (not counted, kept) the counted upvotes of these sources on the poll's
   *  questions; the counters follow. Returns how many. */
  discardQaVotes(pollId: number, sources: readonly string[]): Promise<number>;
  /** Counts again the set-aside upvotes of this source (all sources when omitted). */
  restoreQaVotes(pollId: number, source?: string): Promise<number>;
  /** Applies the host's changes; pinning one unpins the poll's others in the same transaction. */
  updateQaQuestion(id: number, changes: QaChanges): Promise<QaQuestionRecord | undefined>;
  deleteQaQuestion(id: number): Promise<boolean>;
  /** Deletes every question of the poll with its votes; returns how many. */
  clearQaQuestions(pollId: number): Promise<number>;
  /** Counts by list: visible and not answered, answered (visible), and the rest (held, flagged,
   *  hidden). */
  qaCounts(pollId: number): Promise<{ visible: number; answered: number; pending: number }>;
}

export interface NewQaQuestion {
  pollId: number;
  participantId: string;
  nickname: string | null;
  text: string;
  state: QaState;
  maxPerPoll: number;
  now: Date;
  /** Keyed hash of (address, poll); '' when unknown. */
  source?: string;
  /** The fair shares of the cap (issue 25): how many questions one source and one participant
   *  id may hold, given the places left. Checked under the same lock as the cap. */
  shares?: (placesLeft: number) => { source: number; participant: number };
}

/** Why a question was not stored: the poll's cap, or the asker's share of it. */
export type QaRefusal = 'full' | 'source-share' | 'participant-share';

/** What an upvote says of who gave it (the ballots' integrity signals). */
export interface QaVoteSignals {
  source: string;
  freshParticipant: boolean;
  participantIssuedAt?: number;
}

export interface QaVoteSource {
  source: string;
  votes: number;
  discarded: number;
  freshParticipants: number;
  bulkIssued: number;
}

export interface QaQuestionRecord {
  id: number;
  pollId: number;
  participantId: string;
  nickname: string | null;
  text: string;
  state: QaState;
  pinned: boolean;
  answered: boolean;
  votes: number;
  createdAt: Date;
}

export interface QaListQuery {
  sort: QaSort;
  limit: number;
  offset: number;
  states?: QaState[];
  answered?: boolean;
  ownerId?: string;
  ownStates?: QaState[];
}

export interface QaChanges {
  state?: QaState;
  pinned?: boolean;
  answered?: boolean;
}
