import type { AnswerState } from '../../contract/index.ts';

/** The store's records of issue 13's open answers and scales (store.ts re-exports them). */

/** A word or phrase an open answer counts in its question's cloud (domain/words/words.ts). */
export interface CloudWordInput {
  /** Folded: grouping key. */
  key: string;
  /** As shown. */
  spelling: string;
}

/** One answer of a ballot: options chosen (a scale's value is its option), or an open text. */
export interface StoreAnswer {
  questionId: number;
  /** Empty for an open answer and a number. A ranking's, in its order (top first). */
  optionIds: number[];
  /** A ranking (issue 26): the options' places are their order in optionIds. */
  ranked?: boolean;
  /** A number question's answer (issue 26). */
  value?: number;
  text?: {
    text: string;
    words: CloudWordInput[];
    /** Matched the profanity list: stored `flagged` (else `held` if the poll moderates, else
     *  `visible`). */
    flagged: boolean;
    /** Held on doubt (issue 24, 'Filtro estricto'): stored `held` unless flagged. */
    held?: boolean;
  };
}

export interface TextCounts {
  questionId: number;
  /** Visible answers (those counted in the cloud). */
  visible: number;
  /** Held and flagged answers: waiting for the host. */
  pending: number;
  /** Visible answers per spelling, counts above zero, any order. At most TEXT_WORDS_MAX
   *  spellings are kept per question: the first ones seen; later new ones are not counted. */
  words: WordCount[];
}

export interface WordCount {
  key: string;
  spelling: string;
  count: number;
}

/** An open answer. */
export interface TextAnswerRecord {
  id: number;
  pollId: number;
  questionId: number;
  text: string;
  state: AnswerState;
  createdAt: Date;
}

export interface TextAnswerPage {
  /** Only answers with a smaller id (the previous page's last). */
  before?: number;
  limit: number;
  /** Visible answers only (what anyone but the host may see). */
  visibleOnly: boolean;
}

/** What a summary shows of an open-text question besides its counts. */
export interface TextTally {
  questionId: number;
  /** Folded words the host hid, sorted. */
  hiddenKeys: string[];
  /** The newest answers of any state, and the newest visible ones (SUMMARY_ANSWERS_MAX each):
   *  the host's list and everyone else's. */
  recent: TextAnswerRecord[];
  recentVisible: TextAnswerRecord[];
}

/** The options that stand for a scale's values 1..max: ordinal = value, text = the digits. */
export function scaleValueOptions(max: number): { text: string; ordinal: number }[] {
  return Array.from({ length: max }, (_, i) => ({ text: String(i + 1), ordinal: i + 1 }));
}
