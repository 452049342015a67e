import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePoll } from '../../../../../tests/helpers/live-fixtures.ts';
import type { Poll, Question } from '../../../../contract/poll.ts';
import { createQueryClient, queryKeys } from '../../../lib/query.ts';
import { HostSessionProvider } from '../host-session.tsx';
import { useReorderQuestions } from './reorder-questions.ts';

const question = (id: number, ordinal: number): Question => ({
  id,
  text: `P${id}`,
  timeLimitSeconds: null,
  type: 'single',
  ordinal,
  resultsHidden: false,
  scale: null,
  options: [],
});

const poll = makePoll({
  title: 'Orden',
  status: 'draft',
  questions: [question(1, 1), question(2, 2), question(3, 3)],
});

function setup(response: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(response);
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.poll('abc'), poll);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <HostSessionProvider slug="abc" secret="s3cret">
        {children}
      </HostSessionProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useReorderQuestions(), { wrapper });
  const ordinals = () =>
    queryClient.getQueryData<Poll>(queryKeys.poll('abc'))?.questions.map((q) => [q.id, q.ordinal]);
  return { result, fetchMock, ordinals };
}

const order = [
  { id: 3, ordinal: 1 },
  { id: 1, ordinal: 2 },
  { id: 2, ordinal: 3 },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useReorderQuestions', () => {
  it('moves the cached questions at once and sends {order} with the secret', async () => {
    let answer: (response: Response) => void = () => {};
    const { result, fetchMock, ordinals } = setup(
      () => new Promise((resolve) => (answer = resolve)),
    );
    act(() => result.current.mutate(order));
    await waitFor(() =>
      expect(ordinals()).toEqual([
        [1, 2],
        [2, 3],
        [3, 1],
      ]),
    );

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/polls/abc/questions/reorder');
    expect(init?.method).toBe('PATCH');
    expect(new Headers(init?.headers).get('X-Host-Secret')).toBe('s3cret');
    expect(JSON.parse(String(init?.body))).toEqual({ order });

    answer(
      new Response(JSON.stringify([question(3, 1), question(1, 2), question(2, 3)]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(ordinals()).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('puts the previous order back when the server refuses', async () => {
    const { result, ordinals } = setup(
      async () =>
        new Response(
          JSON.stringify({ message: 'Código de presentador incorrecto', code: 'FORBIDDEN' }),
          {
            status: 403,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    act(() => result.current.mutate(order));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(ordinals()).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(result.current.error?.message).toBe('Código de presentador incorrecto');
  });
});
