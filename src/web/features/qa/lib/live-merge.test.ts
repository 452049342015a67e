import { describe, expect, it } from 'vitest';
import type { QaFrame, QaQuestion } from '../../../../contract/qa.ts';
import { mergeFrame, splitAnswered } from './live-merge.ts';

const q = (id: number, over: Partial<QaQuestion> = {}): QaQuestion => ({
  id,
  text: `Pregunta ${id}`,
  nickname: null,
  votes: 0,
  votedByMe: false,
  state: 'visible',
  pinned: false,
  answered: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...over,
});
const frame = (over: Partial<QaFrame>): QaFrame => ({
  top: [],
  recent: [],
  answered: [],
  pinned: null,
  counts: { visible: 0, answered: 0, pending: 0 },
  ...over,
});

describe('mergeFrame', () => {
  it('updates counts and marks in place, keeping order and the page’s own vote', () => {
    const shown = [q(2, { votes: 1, votedByMe: true }), q(1)];
    const { questions, newCount } = mergeFrame(
      shown,
      frame({ top: [q(1, { votes: 5 }), q(2, { votes: 3 })], answered: [] }),
    );
    expect(questions.map((x) => [x.id, x.votes, x.votedByMe])).toEqual([
      [2, 3, true],
      [1, 5, false],
    ]);
    expect(newCount).toBe(0);
  });

  it('counts newer questions without inserting them', () => {
    const shown = [q(5), q(3)];
    const { questions, newCount } = mergeFrame(shown, frame({ recent: [q(8), q(7), q(5), q(3)] }));
    expect(questions.map((x) => x.id)).toEqual([5, 3]);
    expect(newCount).toBe(2);
  });

  it('moves a question answered by the host to the answered group', () => {
    const merged = mergeFrame([q(1), q(2)], frame({ answered: [q(2, { answered: true })] }));
    const { open, answered } = splitAnswered(merged.questions);
    expect(open.map((x) => x.id)).toEqual([1]);
    expect(answered.map((x) => x.id)).toEqual([2]);
  });

  it('changes nothing without a frame', () => {
    const shown = [q(1)];
    expect(mergeFrame(shown, undefined)).toEqual({ questions: shown, newCount: 0 });
  });
});
