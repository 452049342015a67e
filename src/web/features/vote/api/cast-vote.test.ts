import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../../../tests/helpers/render-web.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  newIdempotencyKey,
  RATE_LIMITED_RETRIES,
  submitBallot,
  UNAVAILABLE_RETRIES,
} from './cast-vote.ts';

const ballot = { answers: [{ questionId: 1, optionIds: [2] }] };
const noWait = (_ms: number) => Promise.resolve();

afterEach(() => vi.unstubAllGlobals());

function keysOf(fetchMock: ReturnType<typeof mockFetch>): (string | undefined)[] {
  return fetchMock.mock.calls.map(
    ([, init]) => (init?.headers as Record<string, string> | undefined)?.['idempotency-key'],
  );
}

describe('submitBallot', () => {
  it('retries a network failure with the same Idempotency-Key', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return json({ saved: 1 }, 201);
    });
    const result = await submitBallot('abc', ballot, { idempotencyKey: 'k-1', sleep: noWait });
    expect(result).toEqual({ saved: 1 });
    expect(keysOf(fetchMock)).toEqual(['k-1', 'k-1', 'k-1']);
  });

  it('retries a proxy that lost its upstream (502/503/504) with the same key', async () => {
    const answers = [
      json({ message: 'Bad Gateway' }, 502),
      json({ message: 'Service Unavailable' }, 503),
      json({ message: 'Gateway Timeout' }, 504),
    ];
    const fetchMock = mockFetch(() => answers.shift() ?? json({ saved: 1 }, 201));
    const result = await submitBallot('abc', ballot, { idempotencyKey: 'k-5', sleep: noWait });
    expect(result).toEqual({ saved: 1 });
    expect(keysOf(fetchMock)).toEqual(['k-5', 'k-5', 'k-5', 'k-5']);
  });

  it('gives up after three retries', async () => {
    const fetchMock = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const sleep = vi.fn(noWait);
    await expect(
      submitBallot('abc', ballot, { idempotencyKey: 'k-2', sleep }),
    ).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([400, 1000, 2000]);
  });

  it('waits out a 429 for its Retry-After, telling the page, and sends the same key again', async () => {
    const limited = (seconds: string) =>
      new Response(JSON.stringify({ message: 'Demasiadas', code: 'RATE_LIMITED' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': seconds },
      });
    const answers = [limited('3'), limited('1'), json({ message: 'Bad Gateway' }, 502)];
    const fetchMock = mockFetch(() => answers.shift() ?? json({ saved: 1 }, 201));
    const sleep = vi.fn(noWait);
    const told: number[] = [];
    const result = await submitBallot('abc', ballot, {
      idempotencyKey: 'k-9',
      sleep,
      onRateLimited: (s) => told.push(s),
    });
    expect(result).toEqual({ saved: 1 });
    expect(keysOf(fetchMock)).toEqual(['k-9', 'k-9', 'k-9', 'k-9']);
    expect(told).toEqual([3, 1]);
    // The 429 waits do not use up the network retries: the 502 still gets its first delay.
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([3000, 1000, 400]);
  });

  it('gives up on 429 after RATE_LIMITED_RETRIES waits', async () => {
    const fetchMock = mockFetch(
      () =>
        new Response(JSON.stringify({ message: 'Demasiadas', code: 'RATE_LIMITED' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
        }),
    );
    await expect(
      submitBallot('abc', ballot, { idempotencyKey: 'k', sleep: noWait }),
    ).rejects.toMatchObject({ status: 429, retryAfterS: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(RATE_LIMITED_RETRIES + 1);
  });

  it('waits out a 503 for its Retry-After (the database restarting) and sends the same key again', async () => {
    const unavailable = () =>
      new Response(JSON.stringify({ message: 'No disponible', code: 'SERVICE_UNAVAILABLE' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
      });
    // Five refusals: more than the three network retries, which they do not use up.
    const answers = [1, 2, 3, 4, 5].map(unavailable);
    answers.push(json({ message: 'Bad Gateway' }, 502));
    const fetchMock = mockFetch(() => answers.shift() ?? json({ saved: 1 }, 201));
    const sleep = vi.fn(noWait);
    const told = vi.fn();
    const result = await submitBallot('abc', ballot, {
      idempotencyKey: 'k-503',
      sleep,
      onRateLimited: told,
    });
    expect(result).toEqual({ saved: 1 });
    expect(keysOf(fetchMock)).toEqual(Array(7).fill('k-503'));
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([2000, 2000, 2000, 2000, 2000, 400]);
    // Not the rate limit's message: nobody on the phone's network did anything wrong.
    expect(told).not.toHaveBeenCalled();
  });

  it('gives up on 503 after UNAVAILABLE_RETRIES waits', async () => {
    const fetchMock = mockFetch(
      () =>
        new Response(JSON.stringify({ message: 'No disponible', code: 'SERVICE_UNAVAILABLE' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
        }),
    );
    await expect(
      submitBallot('abc', ballot, { idempotencyKey: 'k', sleep: noWait }),
    ).rejects.toMatchObject({ status: 503, retryAfterS: 2 });
    // Then the three network retries a 503 always had.
    expect(fetchMock).toHaveBeenCalledTimes(UNAVAILABLE_RETRIES + 3 + 1);
  });

  it('does not retry an answer from the server', async () => {
    const fetchMock = mockFetch(() =>
      json({ message: 'Ya votaste en esta encuesta', code: 'ALREADY_VOTED' }, 409),
    );
    const error = await submitBallot('abc', ballot, { idempotencyKey: 'k', sleep: noWait }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Ya votaste en esta encuesta' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a v4 UUID even where crypto.randomUUID is missing (plain http on a LAN)', () => {
    vi.stubGlobal('isSecureContext', false);
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
