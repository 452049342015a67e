import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract/poll.ts';
import { visibleLength as contractVisibleLength } from '../../contract/text.ts';
import { PhoneQuestionField, provideFields } from './phone-fields.tsx';
import { lazyPhoneFields } from './phone-fields-all.ts';
import { textAnswerOk, visibleLength } from './text/text-field.tsx';
import type { Reply } from './types.ts';

provideFields(lazyPhoneFields);

const base = { ordinal: 1, resultsHidden: false, options: [], timeLimitSeconds: null };
const scale: Question = {
  ...base,
  id: 7,
  text: '¿Cuánto te gustó?',
  type: 'scale',
  scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
};
const open: Question = { ...base, id: 8, text: '¿Qué mejorarías?', type: 'text', scale: null };

/** The field as the vote form holds it: the reply the form would send. */
function Harness({ question }: { question: Question }) {
  const [reply, setReply] = useState<Reply | undefined>(undefined);
  return (
    <>
      <PhoneQuestionField
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

describe('ScaleField', () => {
  it('is a radio group: Tab enters once, arrows move the choice, ends say their labels', async () => {
    const user = userEvent.setup();
    render(<Harness question={scale} />);
    const group = screen.getByRole('group', { name: '1.¿Cuánto te gustó?' });
    expect(group).toHaveAccessibleDescription('Elige un valor del 1 al 5');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['1', '2', '3', '4', '5']);
    for (const [i, name] of ['1, Nada', '2', '3', '4', '5, Mucho'].entries()) {
      expect(radios[i]).toHaveAccessibleName(name);
    }

    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('reply')).toHaveTextContent('1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(radios[2]).toHaveFocus();
    expect(radios[2]).toBeChecked();
    expect(screen.getByTestId('reply')).toHaveTextContent('3');
    await user.keyboard('{ArrowLeft}');
    expect(radios[1]).toBeChecked();
    expect(screen.getByTestId('reply')).toHaveTextContent('2');
    // One Tab stop: the next Tab leaves the group.
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('offers 1 to 10 when the scale goes to 10', () => {
    render(<Harness question={{ ...scale, scale: { max: 10, minLabel: null, maxLabel: null } }} />);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.getByRole('radio', { name: '10' })).toBeInTheDocument();
  });
});

describe('TextField', () => {
  it('counts characters, keeps one line and hands the form only what the server takes', async () => {
    const user = userEvent.setup();
    render(<Harness question={open} />);
    const field = screen.getByRole('textbox', { name: '1.¿Qué mejorarías?' });
    expect(field).toHaveAttribute('maxlength', '140');
    await user.type(field, 'a');
    expect(screen.getByText('1/140 caracteres')).toBeInTheDocument();
    expect(screen.getByTestId('reply')).toHaveTextContent('""');
    await user.tab();
    expect(screen.getByText('Escribe al menos 2 caracteres')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(field);
    await user.type(field, 'b{Enter}más');
    expect(field).toHaveValue('abmás');
    expect(screen.getByTestId('reply')).toHaveTextContent('"abmás"');
    expect(screen.queryByText('Escribe al menos 2 caracteres')).not.toBeInTheDocument();
  });

  it('counts what one sees, as the server does', () => {
    const samples = [
      'a',
      'ab',
      ' a ',
      'a\u200Bb',
      'é',
      'e\u0301e',
      '👍🏽',
      '👍🏽!',
      '\u2800\u2800',
      'a b',
    ];
    for (const sample of samples) {
      expect(visibleLength(sample), sample).toBe(contractVisibleLength(sample));
    }
    expect(textAnswerOk('👍🏽')).toBe(false);
    expect(textAnswerOk('sí')).toBe(true);
    expect(textAnswerOk('x'.repeat(141))).toBe(false);
  });
});
