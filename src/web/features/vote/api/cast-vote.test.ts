import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../../../tests/helpers/render-web.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey, submitBallot } from './cast-vote.ts';

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
