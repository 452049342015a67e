import { describe, expect, it } from 'vitest';
import type { Question } from '../../../../contract/poll.ts';
import { esCore } from '../../../i18n/es-core.ts';
import {
  answeredCount,
  choose,
  isComplete,
  missingPositions,
  reconcileSelection,
  type Selection,
  toBallot,
} from './ballot.ts';

const q = (id: number, type: Question['type'], optionIds: number[], ordinal = id): Question => ({
  id,
  text: `Q${id}`,
  timeLimitSeconds: null,
  type,
  ordinal,
  resultsHidden: false,
  scale: null,
  options: optionIds.map((o, i) => ({ id: o, text: `O${o}`, ordinal: i + 1 })),
});

const single = q(1, 'single', [11, 12, 13]);
const multiple = q(2, 'multiple', [21, 22, 23]);
const yesno = q(3, 'yesno', [31, 32]);

describe('choose', () => {
  it('replaces the choice of a single question', () => {
    const s = choose(choose({}, single, 11), single, 12);
    expect(s[1]).toEqual([12]);
  });

  it('replaces the choice of a yes/no question', () => {
    expect(choose(choose({}, yesno, 31), yesno, 32)[3]).toEqual([32]);
  });

  it('toggles options of a multiple question', () => {
    let s: Selection = {};
    s = choose(s, multiple, 21);
    s = choose(s, multiple, 23);
    expect(s[2]).toEqual([21, 23]);
    s = choose(s, multiple, 21);
    expect(s[2]).toEqual([23]);
  });
});

describe('completion', () => {
  const questions = [single, multiple, yesno];

  it('counts questions with at least one choice', () => {
    expect(answeredCount(questions, {})).toBe(0);
    expect(answeredCount(questions, { 1: [11], 2: [] })).toBe(1);
    expect(isComplete(questions, { 1: [11], 2: [22] })).toBe(false);
    expect(isComplete(questions, { 1: [11], 2: [22], 3: [31] })).toBe(true);
  });

  it('ignores choices of options that no longer exist', () => {
    expect(isComplete([single], { 1: [99] })).toBe(false);
  });

  it('is never complete without questions', () => {
    expect(isComplete([], {})).toBe(false);
  });

  it('says which questions are missing, by the numbers the form shows (issue 17)', () => {
    const six = [1, 2, 3, 4, 5, 6].map((id) => q(id, 'yesno', [id * 10, id * 10 + 1]));
    const all = Object.fromEntries(six.map((x) => [x.id, [x.id * 10]]));
    const without = (...ids: number[]) =>
      missingPositions(
        six,
        Object.fromEntries(Object.entries(all).filter(([k]) => !ids.includes(Number(k)))),
      );
    const say = esCore.vote.missing;
    expect(without(4)).toEqual([4]);
    expect(say(without(4))).toBe('Te falta la pregunta 4');
    expect(say(without(4, 6))).toBe('Te faltan 2 preguntas: 4 y 6');
    expect(say(without(2, 4, 6))).toBe('Te faltan 3 preguntas: 2, 4 y 6');
    expect(say(without(2, 3, 5, 6))).toBe('Te faltan 4 preguntas, desde la 2');
    expect(missingPositions(six, all)).toEqual([]);
  });
});

describe('toBallot', () => {
  it('lists answers in question order with their option ids', () => {
    const later = q(4, 'single', [41], 0);
    expect(toBallot([single, later, multiple], { 1: [12], 2: [21, 23], 4: [41] })).toEqual({
      answers: [
        { questionId: 4, optionIds: [41] },
        { questionId: 1, optionIds: [12] },
        { questionId: 2, optionIds: [21, 23] },
      ],
    });
  });
});

describe('reconcileSelection (the poll changed while answering)', () => {
  const chosen: Selection = { 1: [12], 2: [21, 23], 3: [31] };

  it('keeps everything, as the same object, when the questions still fit', () => {
    const renamed = { ...single, text: 'Otra redacción' };
    expect(reconcileSelection(chosen, [renamed, multiple, yesno])).toBe(chosen);
  });

  it('drops the choices of a question that vanished and keeps the others', () => {
    expect(reconcileSelection(chosen, [single, multiple])).toEqual({ 1: [12], 2: [21, 23] });
  });

  it('drops only the options that vanished', () => {
    const fewer = q(2, 'multiple', [21, 22]);
    expect(reconcileSelection(chosen, [single, fewer, yesno])).toEqual({
      1: [12],
      2: [21],
      3: [31],
    });
    const gone = q(1, 'single', [11, 13]);
    expect(reconcileSelection(chosen, [gone, multiple, yesno])).toEqual({
      1: [],
      2: [21, 23],
      3: [31],
    });
  });

  it('drops several choices of a question that is no longer multiple', () => {
    const nowSingle = q(2, 'single', [21, 22, 23]);
    expect(reconcileSelection(chosen, [single, nowSingle, yesno])).toEqual({ 1: [12], 3: [31] });
  });
});

describe('open text and scale replies', () => {
  const open = q(5, 'text', []);
  const scale: Question = {
    ...q(6, 'scale', []),
    scale: { max: 5, minLabel: null, maxLabel: null },
  };

  it('counts an accepted text and a scale value as answered; an empty text is not', () => {
    expect(answeredCount([open, scale], { 5: '', 6: 3 })).toBe(1);
    expect(isComplete([open, scale], { 5: 'Más ejemplos', 6: 3 })).toBe(true);
  });

  it('sends {questionId, text} and {questionId, value} beside option ids', () => {
    expect(toBallot([single, open, scale], { 1: [11], 5: ' Más ejemplos ', 6: 4 })).toEqual({
      answers: [
        { questionId: 1, optionIds: [11] },
        { questionId: 5, text: 'Más ejemplos' },
        { questionId: 6, value: 4 },
      ],
    });
  });

  it('drops a value above a lowered maximum and a reply of another type', () => {
    const lowered: Question = { ...scale, scale: { max: 5, minLabel: null, maxLabel: null } };
    expect(reconcileSelection({ 6: 8 }, [lowered])).toEqual({});
    expect(reconcileSelection({ 5: [11] }, [open])).toEqual({});
    const kept: Selection = { 5: 'Hola', 6: 2 };
    expect(reconcileSelection(kept, [open, scale])).toBe(kept);
  });
});

describe('ranking and number replies', () => {
  const ranking = q(4, 'ranking', [41, 42, 43]);
  const number: Question = {
    ...q(5, 'number', []),
    number: { min: 0, max: 100, decimals: 1, unit: null },
  };

  it('sends an order of every option as `ranking`, a value as `value`', () => {
    const selection: Selection = { 4: [43, 41, 42], 5: 3.5 };
    expect(toBallot([ranking, number], selection)).toEqual({
      answers: [
        { questionId: 4, ranking: [43, 41, 42] },
        { questionId: 5, value: 3.5 },
      ],
    });
    expect(isComplete([ranking, number], selection)).toBe(true);
  });

  it('drops an order the options no longer fit and a value out of a narrowed range', () => {
    const grown = q(4, 'ranking', [41, 42, 43, 44]);
    const narrowed: Question = { ...number, number: { min: 0, max: 3, decimals: 1, unit: null } };
    expect(reconcileSelection({ 4: [43, 41, 42], 5: 3.5 }, [grown, narrowed])).toEqual({});
    expect(answeredCount([ranking, number], { 5: '' })).toBe(0);
  });
});
