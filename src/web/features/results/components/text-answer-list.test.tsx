import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../../../tests/helpers/render-web.tsx';
import type { SummaryQuestion, SummaryTextAnswer } from '../../../../contract/summary.ts';
import { createQueryClient, queryKeys } from '../../../lib/query.ts';
import { AnswerList } from './text-answer-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const answer = (id: number): SummaryTextAnswer => ({
  id,
  text: `Respuesta ${id}`,
  createdAt: new Date(Date.UTC(2024, 0, 1, 10, id)).toISOString(),
});

/** The server's paging: ids descending, below `before`, nextBefore when more remain. */
function serve(total: () => number) {
  return mockFetch((url) => {
    const before = Number(url.searchParams.get('before') ?? Number.POSITIVE_INFINITY);
    const limit = Number(url.searchParams.get('limit'));
    const ids: number[] = [];
    for (let id = Math.min(total(), before - 1); id >= 1 && ids.length <= limit; id--) ids.push(id);
    const page = ids.slice(0, limit);
    return json({
      answers: page.map(answer),
      nextBefore: ids.length > limit ? (page.at(-1) ?? null) : null,
    });
  });
}

/** The summary's newest 30 of `total` answers. */
const question = (total: number): SummaryQuestion => ({
  id: 6,
  text: '¿Qué mejorarías?',
  type: 'text',
  ordinal: 1,
  totalAnswers: total,
  respondents: total,
  hidden: false,
  options: [],
  words: [],
  answers: Array.from({ length: 30 }, (_, i) => answer(total - i)),
});

const shownIds = () =>
  within(screen.getByTestId('text-answer-list'))
    .getAllByRole('listitem')
    .map((li) => Number(li.textContent?.replace('Respuesta ', '')));

const range = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('AnswerList', () => {
  it('stays contiguous when more new answers arrive than the summary holds after "Ver más"', async () => {
    let total = 100;
    const fetchMock = serve(() => total);
    const queryClient = createQueryClient();
    const ui = (q: SummaryQuestion) => (
      <QueryClientProvider client={queryClient}>
        <AnswerList slug="abc" question={q} large={false} />
      </QueryClientProvider>
    );
    const { rerender } = render(ui(question(total)));
    expect(shownIds()).toEqual(range(100, 71));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ver más respuestas' }));
    await waitFor(() => expect(shownIds()).toEqual(range(100, 41)));

    // 40 new answers: the summary now holds 140..111, none of what was shown before.
    total = 140;
    rerender(ui(question(total)));
    // Nothing shown goes away while the answers in between are fetched.
    expect(shownIds()).toEqual(expect.arrayContaining(range(70, 41)));
    await waitFor(() => expect(shownIds()).toEqual(range(140, 41)));
    const befores = fetchMock.mock.calls.map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.get('before'),
    );
    expect(befores).toEqual(['71', '111', '81']);

    // Older pages carry on from where they stopped.
    await user.click(screen.getByRole('button', { name: 'Ver más respuestas' }));
    await waitFor(() => expect(shownIds()).toEqual(range(140, 11)));

    // A moderation change refetches as many pages, from the filled-in range down: still whole.
    fetchMock.mockClear();
    await queryClient.invalidateQueries({ queryKey: queryKeys.answers('abc', 6) });
    await waitFor(() => expect(shownIds()).toEqual(range(140, 1)));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
