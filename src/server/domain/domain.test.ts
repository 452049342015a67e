import { describe, expect, it } from 'vitest';
import { POLL_TITLE_MAX, SLUG_ALPHABET, SLUG_LENGTH } from '../../contract/index.ts';
import { PollKeyTakenError, type PollRecord, type QuestionWithOptions } from '../store/store.ts';
import { ballotHash, validateBallot } from './cast-vote.ts';
import { copyTitle } from './create-poll.ts';
import { DomainError } from './errors.ts';
import { generateHostSecret, hashHostSecret, isHostSecret, requireHost } from './host-auth.ts';
import { generateJoinCode, groupJoinCode, withFreshKeys } from './join-code.ts';
import { pollViewJson, questionsPartOf, toPollView } from './poll-view.ts';
import { questionOptions } from './questions.ts';
import { generateSlug } from './slug.ts';
import { canSeeResults, computeSummary } from './tally.ts';

const secret = generateHostSecret();
const poll: PollRecord = {
  id: 1,
  slug: 'abcdefgh',
  title: 'T',
  status: 'open',
  oneVotePerQuestion: true,
  resultsPublic: false,
  presenterPace: false,
  currentQuestionId: null,
  hideResultsUntilRevealed: false,
  moderateText: false,
  qa: false,
  qaModerated: false,
  strictFilter: true,
  resultsAfterVote: false,
  opensAt: null,
  closesAt: null,
  speedPoints: false,
  quiz: false,
  joinCode: '482913',
  resetCount: 0,
  hostSecretHash: hashHostSecret(secret),
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
};
const noClock = {
  timeLimitSeconds: null,
  startedAt: null,
  endsAt: null,
  closedAt: null,
  number: null,
  correctValue: null,
  explanation: null,
  tolerance: null,
};
const option = (id: number, questionId: number, ordinal: number) => ({
  id,
  questionId,
  pollId: 1,
  text: `o${id}`,
  ordinal,
  correct: false,
});
const questions: QuestionWithOptions[] = [
  {
    id: 10,
    pollId: 1,
    text: 'Uno',
    type: 'single',
    ordinal: 1,
    resultsHidden: false,
    scale: null,
    ...noClock,
    options: [option(1, 10, 1), option(2, 10, 2)],
  },
  {
    id: 20,
    pollId: 1,
    text: 'Varias',
    type: 'multiple',
    ordinal: 2,
    resultsHidden: false,
    scale: null,
    ...noClock,
    options: [option(3, 20, 1), option(4, 20, 2)],
  },
  {
    id: 30,
    pollId: 1,
    text: 'SiNo',
    type: 'yesno',
    ordinal: 3,
    resultsHidden: false,
    scale: null,
    ...noClock,
    options: [option(5, 30, 1), option(6, 30, 2)],
  },
];

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return 'none';
};

describe('host secret', () => {
  it('is 32 random bytes in base64url, stored as a SHA-256 hex hash', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(poll.hostSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateHostSecret()).not.toBe(secret);
  });

  it('checks the secret: missing → NO_SECRET, wrong → FORBIDDEN', () => {
    expect(isHostSecret(poll, secret)).toBe(true);
    expect(isHostSecret(poll, `${secret}x`)).toBe(false);
    expect(isHostSecret(poll, undefined)).toBe(false);
    expect(codeOf(() => requireHost(poll, undefined))).toBe('NO_SECRET');
    expect(codeOf(() => requireHost(poll, 'nope'))).toBe('FORBIDDEN');
    expect(codeOf(() => requireHost(poll, secret))).toBe('none');
  });
});

describe('slugs', () => {
  it('are 8 characters without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const slug = generateSlug();
      expect(slug).toHaveLength(SLUG_LENGTH);
      for (const ch of slug) expect(SLUG_ALPHABET).toContain(ch);
      expect(slug).not.toMatch(/[0O1lI]/);
    }
  });

  it('retries on a taken slug or join code, and gives up after a few attempts', async () => {
    const tried: string[] = [];
    const keys = ['a', 'b', 'c'].map((slug, i) => ({ slug, joinCode: `00000${i}` }));
    const result = await withFreshKeys(
      async ({ slug, joinCode }) => {
        tried.push(slug);
        if (slug !== 'c') throw new PollKeyTakenError(slug, joinCode);
        return slug;
      },
      () => keys.shift()!,
    );
    expect(result).toBe('c');
    expect(tried).toEqual(['a', 'b', 'c']);
    await expect(
      withFreshKeys(async ({ slug, joinCode }) => {
        throw new PollKeyTakenError(slug, joinCode);
      }),
    ).rejects.toBeInstanceOf(PollKeyTakenError);
  });

  it('join codes are six digits, grouped by three for reading aloud', () => {
    for (let i = 0; i < 200; i++) expect(generateJoinCode()).toMatch(/^\d{6}$/);
    expect(groupJoinCode('482913')).toBe('482 913');
    expect(groupJoinCode('012345')).toBe('012 345');
  });
});

describe('copyTitle', () => {
  it('adds " (copia)" within the limit', () => {
    expect(copyTitle('Clase')).toBe('Clase (copia)');
    expect(copyTitle('x'.repeat(POLL_TITLE_MAX))).toHaveLength(POLL_TITLE_MAX);
    expect(copyTitle(`${'x'.repeat(110)}   yy`).endsWith('x (copia)')).toBe(true);
  });

  it('numbers the copies of a copy: (copia 2), (copia 3)… (issue 24)', () => {
    expect(copyTitle('Clase (copia)')).toBe('Clase (copia 2)');
    expect(copyTitle('Clase (copia 2)')).toBe('Clase (copia 3)');
    expect(copyTitle('Clase (copia 9)')).toBe('Clase (copia 10)');
    // Only a mark at the end counts.
    expect(copyTitle('(copia) de Clase')).toBe('(copia) de Clase (copia)');
    const long = copyTitle(`${'x'.repeat(POLL_TITLE_MAX - 8)} (copia)`);
    expect(long).toHaveLength(POLL_TITLE_MAX);
    expect(long.endsWith('x (copia 2)')).toBe(true);
  });
});

describe('questionOptions', () => {
  it('gives yes/no Sí and No whatever was sent', () => {
    expect(questionOptions('yesno', [{ text: 'a' }])).toEqual([
      { text: 'Sí', ordinal: 1, correct: false },
      { text: 'No', ordinal: 2, correct: false },
    ]);
  });

  it('drops empty rows, sorts by ordinal and renumbers', () => {
    expect(
      questionOptions('single', [
        { text: 'b', ordinal: 9 },
        { text: ' ' },
        { text: 'a', ordinal: 1 },
      ]),
    ).toEqual([
      { text: 'a', ordinal: 1, correct: false },
      { text: 'b', ordinal: 2, correct: false },
    ]);
    expect(codeOf(() => questionOptions('multiple', [{ text: '' }]))).toBe('VALIDATION_ERROR');
  });
});

describe('validateBallot', () => {
  it('accepts one option for single and yes/no, several distinct for multiple', () => {
    expect(
      codeOf(() =>
        validateBallot(questions, [
          { questionId: 10, optionIds: [2] },
          { questionId: 20, optionIds: [3, 4] },
          { questionId: 30, optionIds: [5] },
        ]),
      ),
    ).toBe('none');
  });

  it.each([
    [[]],
    [[{ questionId: 99, optionIds: [1] }]],
    [
      [
        { questionId: 10, optionIds: [1] },
        { questionId: 10, optionIds: [2] },
      ],
    ],
    [[{ questionId: 10, optionIds: [3] }]],
    [[{ questionId: 10, optionIds: [1, 2] }]],
    [[{ questionId: 30, optionIds: [5, 6] }]],
    [[{ questionId: 20, optionIds: [3, 3] }]],
    [[{ questionId: 20, optionIds: [] }]],
  ])('refuses %j with INVALID_BALLOT', (answers) => {
    expect(codeOf(() => validateBallot(questions, answers))).toBe('INVALID_BALLOT');
  });
});

describe('ballotHash', () => {
  it('ignores the order of answers and options, not their content', () => {
    const a = ballotHash([
      { questionId: 1, optionIds: [2, 3] },
      { questionId: 4, optionIds: [5] },
    ]);
    expect(
      ballotHash([
        { questionId: 4, optionIds: [5] },
        { questionId: 1, optionIds: [3, 2] },
      ]),
    ).toBe(a);
    expect(
      ballotHash([
        { questionId: 1, optionIds: [2] },
        { questionId: 4, optionIds: [5] },
      ]),
    ).not.toBe(a);
  });
});

describe('results', () => {
  it('are visible to the host always, to others when public or closed', () => {
    expect(canSeeResults(poll, undefined)).toBe(false);
    expect(canSeeResults(poll, secret)).toBe(true);
    expect(canSeeResults({ ...poll, resultsPublic: true }, undefined)).toBe(true);
    expect(canSeeResults({ ...poll, status: 'closed' }, undefined)).toBe(true);
    expect(canSeeResults({ ...poll, status: 'draft' }, undefined)).toBe(false);
  });

  it('summarise store counts: totals, respondents, zero for unvoted options', () => {
    const summary = computeSummary(poll, questions, {
      ballots: 3,
      optionCounts: [
        { optionId: 1, count: 2 },
        { optionId: 3, count: 2 },
        { optionId: 4, count: 1 },
      ],
      respondents: [
        { questionId: 10, count: 2 },
        { questionId: 20, count: 2 },
      ],
      texts: [],
    });
    expect(summary).toMatchObject({
      slug: 'abcdefgh',
      totalVotes: 3,
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(summary.questions.map((q) => [q.id, q.totalAnswers, q.respondents])).toEqual([
      [10, 2, 2],
      [20, 3, 2],
      [30, 0, 0],
    ]);
    expect(summary.questions[0]!.options).toEqual([
      { id: 1, text: 'o1', ordinal: 1, count: 2 },
      { id: 2, text: 'o2', ordinal: 2, count: 0 },
    ]);
  });
});

describe('poll view JSON around cached questions (GET /polls/{slug})', () => {
  // Keys in user text: JSON escapes their quotes, so the splice cannot land inside them.
  const tricky = '"questions":[] ,"currentQuestionId": $` $&';
  const quizPoll: PollRecord = {
    ...poll,
    title: tricky,
    quiz: true,
    currentQuestionId: 20,
  };
  const trickyQuestions: QuestionWithOptions[] = questions.map((q) => ({
    ...q,
    text: `${q.text} ${tricky}`,
    ...(q.id === 20 && { startedAt: new Date('2026-01-02T10:00:00Z'), timeLimitSeconds: 20 }),
    options: q.options.map((o) => ({ ...o, text: tricky, correct: o.ordinal === 1 })),
  }));
  const withoutNow = (json: string) => ({ ...JSON.parse(json), now: undefined });

  it.each(['public', 'host'] as const)('equals the whole view serialised (%s)', (audience) => {
    const whole = JSON.stringify(toPollView(quizPoll, trickyQuestions, audience));
    const part = questionsPartOf(whole);
    expect(JSON.parse(part)).toEqual(JSON.parse(whole).questions);
    // A newer row (updatedAt moves with every vote) around the same questions' JSON.
    const newer = { ...quizPoll, updatedAt: new Date('2026-01-03T00:00:00Z') };
    const { json, clock } = pollViewJson(newer, trickyQuestions, part);
    expect(withoutNow(json)).toEqual(
      withoutNow(JSON.stringify(toPollView(newer, trickyQuestions, audience))),
    );
    expect(clock).toMatchObject({ questionId: 20, startedAt: '2026-01-02T10:00:00.000Z' });
    expect(json.endsWith('"}')).toBe(true);
  });
});
