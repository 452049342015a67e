import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateQuestionBody } from '../../../../contract/poll.ts';
import { NewQuestionForm } from './new-question-form.tsx';

function renderForm({ pending = false, nextOrdinal = 3 } = {}) {
  const onCreate = vi.fn<(body: CreateQuestionBody) => Promise<unknown>>(() => Promise.resolve());
  const utils = render(
    <NewQuestionForm nextOrdinal={nextOrdinal} pending={pending} onCreate={onCreate} />,
  );
  return {
    ...utils,
    onCreate,
    user: userEvent.setup(),
    text: screen.getByLabelText('Texto de la pregunta') as HTMLInputElement,
    type: screen.getByLabelText('Tipo de pregunta') as HTMLSelectElement,
    submit: screen.getByRole('button', { name: pending ? 'Agregando...' : 'Agregar pregunta' }),
  };
}

const optionInputs = () => screen.queryAllByRole('textbox', { name: /^Opción \d+$/ });

describe('NewQuestionForm', () => {
  it('starts as a single-choice question with two empty options and a live counter', async () => {
    const { user, text, type } = renderForm();
    expect(type.value).toBe('single');
    expect(optionInputs()).toHaveLength(2);
    expect(optionInputs().map((input) => (input as HTMLInputElement).value)).toEqual(['', '']);
    expect(screen.getByText('0/240 caracteres')).toBeInTheDocument();
    await user.type(text, '¿Qué tal?');
    expect(screen.getByText('9/240 caracteres')).toBeInTheDocument();
    expect(text).toHaveAttribute('maxLength', '240');
  });

  it('adds and removes option rows, renumbering them and never going below one', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Agregar opción' }));
    expect(optionInputs()).toHaveLength(3);
    await user.type(screen.getByLabelText('Opción 1'), 'Rojo');
    await user.type(screen.getByLabelText('Opción 2'), 'Verde');
    await user.type(screen.getByLabelText('Opción 3'), 'Azul');

    await user.click(screen.getByRole('button', { name: 'Quitar opción 1' }));
    expect(optionInputs().map((input) => (input as HTMLInputElement).value)).toEqual([
      'Verde',
      'Azul',
    ]);
    expect(screen.getByLabelText('Opción 1')).toHaveValue('Verde');
    expect(screen.getByLabelText('Opción 2')).toHaveValue('Azul');

    await user.click(screen.getByRole('button', { name: 'Quitar opción 2' }));
    expect(optionInputs()).toHaveLength(1);
    const lastRemove = screen.getByRole('button', { name: 'Quitar opción 1' });
    expect(lastRemove).toBeDisabled();
    await user.click(lastRemove);
    expect(optionInputs()).toHaveLength(1);
  });

  it('stays disabled until the text and one option are filled, saying why next to it', async () => {
    const { user, text, submit } = renderForm();
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Escribe la pregunta');
    await user.type(text, '   ');
    await user.type(screen.getByLabelText('Opción 1'), 'Sí');
    expect(submit).toBeDisabled();
    expect(screen.getByText('Escribe la pregunta')).toBeVisible();
    await user.type(text, 'Pregunta');
    expect(submit).toBeEnabled();
    expect(screen.queryByText('Escribe la pregunta')).not.toBeInTheDocument();
    expect(screen.queryByText('Agrega al menos una opción')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Opción 1'));
    await user.type(screen.getByLabelText('Opción 2'), '   ');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Agrega al menos una opción');
    await user.selectOptions(screen.getByLabelText('Tipo de pregunta'), 'yesno');
    expect(submit).toBeEnabled();
  });

  it('is disabled while a question is being created', async () => {
    const { user, text, submit } = renderForm({ pending: true });
    await user.type(text, 'Pregunta');
    await user.type(screen.getByLabelText('Opción 1'), 'Uno');
    expect(submit).toBeDisabled();
  });

  it('drops empty options, trims and renumbers what it sends, then clears', async () => {
    const { user, text, submit, onCreate } = renderForm({ nextOrdinal: 4 });
    await user.type(text, '  ¿Color favorito?  ');
    await user.click(screen.getByRole('button', { name: 'Agregar opción' }));
    await user.type(screen.getByLabelText('Opción 2'), ' Rojo ');
    await user.type(screen.getByLabelText('Opción 3'), 'Azul');
    await user.type(screen.getByLabelText('Opción 1'), '   ');
    await user.click(submit);

    expect(onCreate).toHaveBeenCalledWith({
      text: '¿Color favorito?',
      type: 'single',
      options: [
        { text: 'Rojo', ordinal: 1 },
        { text: 'Azul', ordinal: 2 },
      ],
      ordinal: 4,
    });
    await waitFor(() => expect(text).toHaveValue(''));
    expect(optionInputs()).toHaveLength(2);
  });

  it('sends a multiple-choice question with its type', async () => {
    const { user, text, type, submit, onCreate } = renderForm();
    await user.selectOptions(type, 'Opción múltiple');
    await user.type(text, '¿Qué lenguajes usas?');
    await user.type(screen.getByLabelText('Opción 1'), 'TS');
    await user.click(submit);
    expect(onCreate).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'multiple', options: [{ text: 'TS', ordinal: 1 }] }),
    );
  });

  it('hides the options for yes/no and sends none', async () => {
    const { user, text, type, submit, onCreate } = renderForm();
    await user.type(screen.getByLabelText('Opción 1'), 'ignorada');
    await user.selectOptions(type, 'yesno');
    expect(optionInputs()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Agregar opción' })).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(text, '¿Seguimos?');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(onCreate).toHaveBeenCalledWith({
      text: '¿Seguimos?',
      type: 'yesno',
      options: [],
      ordinal: 3,
    });
  });

  it('keeps what was typed when creation fails', async () => {
    const { user, text, submit, onCreate } = renderForm();
    onCreate.mockRejectedValueOnce(new Error('boom'));
    await user.type(text, 'Pregunta');
    await user.type(screen.getByLabelText('Opción 1'), 'Uno');
    await user.click(submit);
    await waitFor(() => expect(onCreate).toHaveBeenCalled());
    expect(text).toHaveValue('Pregunta');
    expect(screen.getByLabelText('Opción 1')).toHaveValue('Uno');
  });

  it('offers open text: no options, a note, and sends none', async () => {
    const { user, text, type, submit, onCreate } = renderForm();
    expect([...type.options].map((o) => o.text)).toEqual([
      'Opción única',
      'Opción múltiple',
      'Sí / No',
      'Respuesta abierta',
      'Escala',
      'Ordenar',
      'Número',
    ]);
    await user.selectOptions(type, 'Respuesta abierta');
    expect(optionInputs()).toHaveLength(0);
    expect(screen.getByText(/hasta 140 caracteres/)).toBeInTheDocument();
    await user.type(text, '¿Qué mejorarías?');
    await user.click(submit);
    expect(onCreate).toHaveBeenCalledWith({
      text: '¿Qué mejorarías?',
      type: 'text',
      options: [],
      ordinal: 3,
    });
  });

  it('offers a scale of 1 to 5 or 1 to 10 with optional end labels, blank ones sent as none', async () => {
    const { user, text, type, submit, onCreate } = renderForm();
    await user.selectOptions(type, 'scale');
    expect(optionInputs()).toHaveLength(0);
    expect(screen.getByRole('radio', { name: 'De 1 a 5' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'De 1 a 10' }));
    expect(screen.getByLabelText('Etiqueta del 10 (opcional)')).toHaveAttribute(
      'placeholder',
      'Mucho',
    );
    await user.type(screen.getByLabelText('Etiqueta del 1 (opcional)'), ' Nada ');
    await user.type(screen.getByLabelText('Etiqueta del 10 (opcional)'), '   ');
    await user.type(text, '¿Cuánto te gustó?');
    await user.click(submit);
    expect(onCreate).toHaveBeenCalledWith({
      text: '¿Cuánto te gustó?',
      type: 'scale',
      options: [],
      ordinal: 3,
      scale: { max: 10, minLabel: 'Nada', maxLabel: null },
    });
    await waitFor(() => expect(type.value).toBe('single'));
  });
});
