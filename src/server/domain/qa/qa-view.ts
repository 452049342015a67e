import { QA_FRAME_QUESTIONS, type QaFrame, type QaQuestion } from '../../../contract/qa.ts';
import type { PollStore, QaQuestionRecord } from '../../store/store.ts';

/** A stored question as the API shows it; the participant id never leaves the server. */
export function toQaView(record: QaQuestionRecord, votedByMe = false): QaQuestion {
  return {
    id: record.id,
    text: record.text,
    nickname: record.nickname,
    votes: record.votes,
    votedByMe,
    state: record.state,
    pinned: record.pinned,
    answered: record.answered,
    createdAt: record.createdAt.toISOString(),
  };
}

/** The `qa` frames of a poll: the audience's (visible questions, no pending count) and the
 *  host's (the same lists, every count). Five indexed reads, whatever the number of questions. */
export async function loadQaFrames(
  store: PollStore,
  pollId: number,
): Promise<{ host: QaFrame; audience: QaFrame }> {
  const page = { limit: QA_FRAME_QUESTIONS, offset: 0, states: ['visible' as const] };
  const [top, recent, answered, first, counts] = await Promise.all([
    store.listQaQuestions(pollId, { ...page, sort: 'top', answered: false }),
    store.listQaQuestions(pollId, { ...page, sort: 'recent', answered: false }),
    store.listQaQuestions(pollId, { ...page, sort: 'recent', answered: true }),
    // `top` puts the highlighted question first, answered or not.
    store.listQaQuestions(pollId, { ...page, limit: 1, sort: 'top' }),
    store.qaCounts(pollId),
  ]);
  const pinned = first.records[0]?.pinned ? toQaView(first.records[0]) : null;
  const audience: QaFrame = {
    top: top.records.map((r) => toQaView(r)),
    recent: recent.records.map((r) => toQaView(r)),
    answered: answered.records.map((r) => toQaView(r)),
    pinned,
    counts: { ...counts, pending: 0 },
  };
  return { audience, host: { ...audience, counts } };
}
