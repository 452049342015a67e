import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Question } from '../../../contract/poll.ts';
import type { Reply } from '../types.ts';
import { RankingField } from './ranking-field.tsx';

const texts = ['Fotosíntesis', 'Respiración', 'Digestión', 'Circulación', 'Excreción'];
const question: Question = {
  id: 31,
  text: 'Ordena los procesos',
  type: 'ranking',
  ordinal: 1,
  resultsHidden: false,
  options: texts.map((text, i) => ({ id: 100 + i, text, ordinal: i + 1 })),
  scale: null,
  timeLimitSeconds: null,
};

function Harness() {
  const [reply, setReply] = useState<Reply | undefined>(undefined);
  return (
    <>
      <RankingField
        question={question}
        position={1}
        reply={reply}
        onChoose={() => {}}
        onReply={setReply}
      />
      <output data-testid="reply">{JSON.stringify(reply ?? null)}</output>
    </>
  );
}

const shown = () =>
  screen.getAllByTestId('ranking-item').map((li) => li.querySelector('span + span')?.textContent);

describe('RankingField', () => {
  it('moves with the keyboard, says each move, and keeps the order across a remount', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    const first = shown();
    expect([...first].sort()).toEqual([...texts].sort());
    expect(screen.getByTestId('reply').textContent).toBe('null');

    const last = first[4]!;
    const item = screen.getAllByTestId('ranking-item')[4]!;
    within(item)
      .getByRole('button', { name: `Subir: ${last}` })
      .focus();
    await user.keyboard('{Enter}');
    expect(shown()[3]).toBe(last);
    expect(screen.getByTestId('ranking-said').textContent).toBe(`${last}, posición 4 de 5`);
    expect(JSON.parse(screen.getByTestId('reply').textContent ?? '')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: `Al principio: ${last}` }));
    expect(shown()[0]).toBe(last);
    expect(screen.getByTestId('ranking-said').textContent).toBe(`${last}, posición 1 de 5`);
    expect(screen.getByRole('button', { name: `Subir: ${last}` })).toBeDisabled();

    unmount();
    render(<Harness />);
    expect(shown()).toEqual(first);
  });

  it('takes the shuffled order as an answer when the person keeps it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Dejar este orden' }));
    const ids = JSON.parse(screen.getByTestId('reply').textContent ?? '') as number[];
    expect(ids.map((id) => texts[id - 100])).toEqual(shown());
  });
});
