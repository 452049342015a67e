import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineEdit } from './inline-edit.tsx';

function renderEdit(value = 'Título original') {
  const onSave = vi.fn<(next: string) => void>();
  render(
    <div>
      <InlineEdit value={value} label="Editar título" maxLength={120} onSave={onSave} />
      <button type="button">fuera</button>
    </div>,
  );
  return { onSave, user: userEvent.setup() };
}

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Editar título: Título original' }));
  return screen.getByRole('textbox', { name: 'Editar título' }) as HTMLInputElement;
}

describe('InlineEdit', () => {
  it('looks like text until clicked, then edits the current value', async () => {
    const { user } = renderEdit();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const input = await startEditing(user);
    expect(input).toHaveValue('Título original');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('maxLength', '120');
  });

  it('saves the trimmed text on Enter and gives focus back to the text', async () => {
    const { user, onSave } = renderEdit();
    const input = await startEditing(user);
    await user.clear(input);
    await user.type(input, '  Nuevo título  {Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('Nuevo título');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Editar título/ })).toHaveFocus();
  });

  it('saves on blur', async () => {
    const { user, onSave } = renderEdit();
    const input = await startEditing(user);
    await user.type(input, ' bis');
    await user.click(screen.getByRole('button', { name: 'fuera' }));
    expect(onSave).toHaveBeenCalledWith('Título original bis');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('cancels on Escape without saving', async () => {
    const { user, onSave } = renderEdit();
    const input = await startEditing(user);
    await user.type(input, ' cambiado{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar título: Título original' })).toHaveFocus();
  });

  it('ignores empty text', async () => {
    const { user, onSave } = renderEdit();
    const input = await startEditing(user);
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Editar título: Título original' })).toBeVisible();
  });

  it('ignores unchanged text, also after trimming', async () => {
    const { user, onSave } = renderEdit();
    const input = await startEditing(user);
    await user.type(input, '  {Enter}');
    expect(onSave).not.toHaveBeenCalled();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'fuera' }));
    expect(onSave).not.toHaveBeenCalled();
  });
});
