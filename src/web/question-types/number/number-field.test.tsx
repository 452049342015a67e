import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Question } from '../../../contract/poll.ts';
import type { Reply } from '../types.ts';
import { NumberField } from './number-field.tsx';

const question: Question = {
  id: 41,
  text: '¿Cuántos grados marca el termómetro?',
  type: 'number',
  ordinal: 1,
  resultsHidden: false,
  options: [],
  scale: null,
  number: { min: 0, max: 100, decimals: 1, unit: '°C' },
  timeLimitSeconds: null,
};

function Harness() {
  const [reply, setReply] = useState<Reply | undefined>(undefined);
  return (
    <>
      <NumberField
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

describe('NumberField', () => {
  it("hands the form 3.5 for '3,5', shows the range and unit, says what is wrong", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: /termómetro/ });
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('Entre 0 y 100 °C')).toBeInTheDocument();
    await user.type(field, '3,5');
    expect(screen.getByTestId('reply').textContent).toBe('3.5');
    await user.clear(field);
    await user.type(field, '150');
    await user.tab();
    expect(screen.getByTestId('reply').textContent).toBe('""');
    expect(screen.getByRole('alert')).toHaveTextContent('Escribe un número entre 0 y 100');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
