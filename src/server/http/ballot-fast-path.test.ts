import { describe, expect, it, vi } from 'vitest';
import { Ballot } from '../../contract/index.ts';

/** How many times zod's validator ran: the fast path exists to make that zero. */
const zodRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify-type-provider-zod')>();
  return {
    ...real,
    validatorCompiler: ((route: Parameters<typeof real.validatorCompiler>[0]) => {
      const validate = real.validatorCompiler(route);
      return (data: unknown) => {
        zodRuns.count++;
        return validate(data);
      };
    }) as typeof real.validatorCompiler,
  };
});

import { ballotAwareValidatorCompiler, plainChoiceBallot } from './ballot-fast-path.ts';

/** A small seeded generator, so a failure is the same on every run. */
function random(seed: number) {
  // mulberry32
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Ballots near the edges of the schema: most valid, many one mistake away. */
function generated(count: number): unknown[] {
  const r = random(42);
  const pick = <T>(items: T[]) => items[Math.floor(r() * items.length)]!;
  const id = () =>
    r() < 0.9
      ? pick<unknown>([1, 2, 7, 123, 2 ** 53 - 1])
      : pick<unknown>([2 ** 53, 0, -1, 1.5, '3', null, Number.NaN]);
  const ids = (): unknown => {
    const n = pick([0, 1, 2, 3, 200, 201]);
    return r() < 0.05 ? 'x' : Array.from({ length: n }, () => (r() < 0.9 ? 5 : id()));
  };
  const answer = (): unknown => {
    const kind = pick([
      'choice',
      'choice',
      'choice',
      'choice',
      'choice',
      'text',
      'scale',
      'ranking',
      'extra',
      'junk',
    ]);
    if (kind === 'choice') return { questionId: id(), optionIds: ids() };
    if (kind === 'text') return { questionId: id(), text: pick(['hola', ' ', 'x'.repeat(200)]) };
    if (kind === 'scale') return { questionId: id(), value: pick([1, 5, 11, 2.5]) };
    if (kind === 'ranking') return { questionId: id(), ranking: ids() };
    if (kind === 'extra') return { questionId: id(), optionIds: ids(), text: 'y' };
    return pick<unknown>([null, [], 'a', 3]);
  };
  return Array.from({ length: count }, () => {
    const n = pick([0, 1, 1, 1, 2, 2, 5, 200, 201]);
    const body: Record<string, unknown> = {
      answers: r() < 0.03 ? {} : Array.from({ length: n }, answer),
    };
    if (r() < 0.05) body.other = 1;
    return r() < 0.02 ? pick<unknown>([null, [], 'answers', 1]) : body;
  });
}

describe('the ballot fast path', () => {
  it('accepts only what the schema accepts, and answers exactly what it parses to', () => {
    let fast = 0;
    for (const body of generated(5000)) {
      const plain = plainChoiceBallot(body);
      if (!plain) continue;
      fast++;
      const parsed = Ballot.safeParse(body);
      expect(parsed.success, JSON.stringify(body).slice(0, 200)).toBe(true);
      expect(plain).toEqual(parsed.data);
    }
    // The generator reaches the fast path often enough to mean something.
    expect(fast).toBeGreaterThan(300);
  });

  it('takes choices, rankings and values, and leaves text and mistakes to the schema', () => {
    expect(plainChoiceBallot({ answers: [{ questionId: 3, optionIds: [7, 8] }] })).toEqual({
      answers: [{ questionId: 3, optionIds: [7, 8] }],
    });
    // Issue 26: a ranking's and a number's answers are as common as choices in their polls.
    const typed = {
      answers: [
        { questionId: 4, ranking: [9, 7, 8] },
        { questionId: 5, value: 3.5 },
      ],
    };
    expect(plainChoiceBallot(typed)).toEqual(typed);
    for (const body of [
      { answers: [{ questionId: 3, text: 'Trabajo en equipo' }] },
      { answers: [{ questionId: 3, value: '4' }] },
      { answers: [{ questionId: 3, value: Number.POSITIVE_INFINITY }] },
      { answers: [{ questionId: 3, ranking: [] }] },
      { answers: [] },
      { answers: [{ questionId: 3, optionIds: [] }] },
      { answers: [{ questionId: 0, optionIds: [1] }] },
      { answers: [{ questionId: 3, optionIds: [1] }], extra: true },
      // A hole (never from JSON, but the function is exported) reads as undefined, as in zod.
      // biome-ignore lint/suspicious/noSparseArray: the hole is the point
      { answers: [{ questionId: 3, optionIds: [1, , 2] }] },
    ]) {
      expect(plainChoiceBallot(body)).toBeUndefined();
    }
  });

  it('spares zod the everyday ballot; text, scales and errors still go through the schema', () => {
    const validate = ballotAwareValidatorCompiler({
      schema: Ballot,
      method: 'POST',
      url: '/polls/:slug/votes',
      httpPart: 'body',
    }) as (data: unknown) => { value?: unknown; error?: unknown };
    const body = { answers: [{ questionId: 3, optionIds: [7] }] };
    zodRuns.count = 0;
    const ok = validate(body);
    expect(ok.value).toEqual(body);
    expect(ok.value).not.toBe(body);
    expect(zodRuns.count).toBe(0);
    expect(validate({ answers: [{ questionId: 3, text: 'Bien' }] }).value).toEqual({
      answers: [{ questionId: 3, text: 'Bien' }],
    });
    expect(validate({ answers: [] }).error).toBeDefined();
    expect(zodRuns.count).toBe(2);
  });
});
