import { describe, expect, it } from 'vitest';
import { makePoll } from '../../../../../tests/helpers/live-fixtures.ts';
import type { Option, Question } from '../../../../contract/poll.ts';
import { withOption, withoutQuestion, withQuestion } from './cache.ts';

const option = (id: number, text = `O${id}`): Option => ({ id, text, ordinal: id });

const question = (id: number, text = `P${id}`, options: Option[] = []): Question => ({
  id,
  text,
  type: 'single',
  ordinal: id,
  resultsHidden: false,
  timeLimitSeconds: null,
  scale: null,
  options,
});

const ids = (questions: readonly { id: number }[]) => questions.map((q) => q.id);

describe('patching the cached poll (issue 17: every question exactly once)', () => {
  it('appends a question the cache does not hold', () => {
    const poll = makePoll({ questions: [question(1)] });
    expect(ids(withQuestion(poll, question(2)).questions)).toEqual([1, 2]);
  });

  it('replaces, never duplicates, a question a live frame or refetch already brought', () => {
    // The live frame lands first with the new question; the create call's answer follows.
    const afterFrame = makePoll({ questions: [question(1), question(2, 'del frame')] });
    const patched = withQuestion(afterFrame, question(2, 'de la respuesta'));
    expect(ids(patched.questions)).toEqual([1, 2]);
    expect(patched.questions[1]?.text).toBe('de la respuesta');
  });

  it('keeps one copy whatever the sequence of adds, deletes and frames', () => {
    let poll = makePoll({ questions: [] });
    poll = withQuestion(poll, question(1));
    poll = withQuestion(poll, question(1)); // a frame repeating it
    poll = withQuestion(poll, question(2));
    poll = withoutQuestion(poll, 1);
    poll = withoutQuestion(poll, 1); // deleting twice is harmless
    poll = withQuestion(poll, question(3));
    poll = withQuestion(poll, question(2));
    expect(ids(poll.questions)).toEqual([2, 3]);
  });

  it('puts an option in a question exactly once', () => {
    const q = question(1, 'P', [option(1), option(2)]);
    expect(ids(withOption(q, option(3)).options)).toEqual([1, 2, 3]);
    const again = withOption(withOption(q, option(3)), option(3, 'otra vez'));
    expect(ids(again.options)).toEqual([1, 2, 3]);
    expect(again.options[2]?.text).toBe('otra vez');
  });

  it('leaves the input untouched', () => {
    const poll = makePoll({ questions: [question(1)] });
    withQuestion(poll, question(2));
    withoutQuestion(poll, 1);
    expect(ids(poll.questions)).toEqual([1]);
  });
});
