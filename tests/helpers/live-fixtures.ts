import type { Poll } from '../../src/contract/poll.ts';
import type { Summary } from '../../src/contract/summary.ts';

/** A small valid poll and summary for web tests of the live stream. */
export function makePoll(overrides: Partial<Poll> = {}): Poll {
  return {
    slug: 'abc',
    title: 'Encuesta de prueba',
    status: 'open',
    settings: {
      oneVotePerQuestion: true,
      resultsPublic: false,
      presenterPace: false,
      hideResultsUntilRevealed: false,
      moderateText: false,
      qa: false,
      qaModerated: false,
      strictFilter: true,
      quiz: false,
      resultsAfterVote: false,
      opensAt: null,
      closesAt: null,
      speedPoints: false,
    },
    currentQuestionId: null,
    clock: null,
    now: '2024-01-01T00:00:00.000Z',
    joinCode: '482913',
    resetCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    questions: [
      {
        id: 1,
        text: '¿Color favorito?',
        type: 'single',
        ordinal: 1,
        resultsHidden: false,
        scale: null,
        timeLimitSeconds: null,
        options: [
          { id: 11, text: 'Rojo', ordinal: 1 },
          { id: 12, text: 'Azul', ordinal: 2 },
        ],
      },
      {
        id: 2,
        text: '¿Qué lenguajes usas?',
        type: 'multiple',
        ordinal: 2,
        resultsHidden: false,
        scale: null,
        timeLimitSeconds: null,
        options: [
          { id: 21, text: 'TypeScript', ordinal: 1 },
          { id: 22, text: 'Rust', ordinal: 2 },
        ],
      },
    ],
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<Summary> = {}): Summary {
  return {
    slug: 'abc',
    title: 'Encuesta de prueba',
    status: 'open',
    totalVotes: 3,
    updatedAt: '2024-01-01T00:00:00.000Z',
    questions: [
      {
        id: 1,
        text: '¿Color favorito?',
        type: 'single',
        ordinal: 1,
        totalAnswers: 3,
        respondents: 3,
        hidden: false,
        options: [
          { id: 11, text: 'Rojo', ordinal: 1, count: 1 },
          { id: 12, text: 'Azul', ordinal: 2, count: 2 },
        ],
      },
    ],
    ...overrides,
  };
}
