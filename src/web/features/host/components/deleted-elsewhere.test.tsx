import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePoll } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch } from '../../../../../tests/helpers/render-web.tsx';
import type { Poll, Question } from '../../../../contract/poll.ts';
import { createQueryClient } from '../../../lib/query.ts';
import { HostSessionProvider } from '../host-session.tsx';
import { QuestionsCard } from './questions-card.tsx';

const question = (id: number, text: string): Question => ({
  id,
  text,
  type: 'single',
  ordinal: id,
  resultsHidden: false,
  scale: null,
  timeLimitSeconds: null,
  options: [
    { id: id * 10 + 1, text: 'Rojo', ordinal: 1, correct: false },
    { id: id * 10 + 2, text: 'Azul', ordinal: 2, correct: false },
  ],
});

const both = makePoll({
  status: 'draft',
  questions: [question(1, '¿Color favorito?'), question(2, '¿Fruta favorita?')],
});
/** What the live stream says once another tab deleted question 1. */
const afterOtherTab: Poll = { ...both, questions: [question(2, '¿Fruta favorita?')] };

function renderCard(poll: Poll) {
  const queryClient = createQueryClient();
  const wrap = (p: Poll): ReactElement => (
    <QueryClientProvider client={queryClient}>
      <HostSessionProvider slug="abc" secret="s3cret">
        <QuestionsCard poll={p} />
      </HostSessionProvider>
    </QueryClientProvider>
  );
  const utils = render(wrap(poll));
  return { ...utils, update: (p: Poll) => utils.rerender(wrap(p)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a question deleted by another panel tab while it is being edited here', () => {
  it('says so, keeps the typed text, and can add the question again', async () => {
    const fetchMock = mockFetch(() => json({ ...question(3, '¿Color favorito de verdad?') }, 201));
    const user = userEvent.setup();
    const { update } = renderCard(both);
    await user.click(screen.getByRole('button', { name: 'Editar pregunta: ¿Color favorito?' }));
    const input = screen.getByRole('textbox', { name: 'Editar pregunta' });
    await user.type(input, ' de verdad');

    update(afterOtherTab);

    const notice = await screen.findByRole('alert', { name: 'Otra pestaña eliminó esta pregunta' });
    expect(within(notice).getByRole('textbox', { name: 'Texto que escribiste' })).toHaveValue(
      '¿Color favorito? de verdad',
    );
    // Nothing was saved to the deleted question behind the host's back.
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(notice).getByRole('button', { name: 'Volver a agregarla' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/polls/abc/questions');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      text: '¿Color favorito? de verdad',
      type: 'single',
      options: [{ text: 'Rojo' }, { text: 'Azul' }],
    });
    await expect.poll(() => screen.queryByTestId('deleted-elsewhere')).toBeNull();
  });

  it('can be dismissed, and a question nobody was editing goes without a word', async () => {
    mockFetch(() => json({}, 500));
    const user = userEvent.setup();
    const { update } = renderCard(both);
    await user.click(screen.getByRole('button', { name: 'Editar pregunta: ¿Color favorito?' }));
    update({ ...both, questions: [question(1, '¿Color favorito?')] });
    expect(screen.queryByTestId('deleted-elsewhere')).toBeNull();

    update({ ...both, questions: [] });
    const notice = await screen.findByRole('alert', { name: 'Otra pestaña eliminó esta pregunta' });
    await user.click(within(notice).getByRole('button', { name: 'Descartar aviso' }));
    expect(screen.queryByTestId('deleted-elsewhere')).toBeNull();
  });

  it('an option deleted elsewhere while its text is typed here: the same notice, added back to its question', async () => {
    const fetchMock = mockFetch(() => json({ id: 99, text: 'Rojo carmesí', ordinal: 3 }, 201));
    const user = userEvent.setup();
    const { update } = renderCard(both);
    await user.click(
      screen.getAllByRole('button', { name: 'Editar opción: Rojo' })[0] as HTMLElement,
    );
    await user.type(screen.getByRole('textbox', { name: 'Editar opción' }), ' carmesí');

    const [first, second] = both.questions as [Question, Question];
    update({ ...both, questions: [{ ...first, options: first.options.slice(1) }, second] });

    const notice = await screen.findByRole('alert', { name: 'Otra pestaña eliminó esta opción' });
    expect(within(notice).getByRole('textbox', { name: 'Texto que escribiste' })).toHaveValue(
      'Rojo carmesí',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(notice).getByRole('button', { name: 'Volver a agregarla' }));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ text: 'Rojo carmesí', ordinal: 3 });
  });
});
