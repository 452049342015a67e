import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Question } from '../../../../contract/poll.ts';
import { HostSessionProvider } from '../host-session.tsx';
import { OptionList } from './option-list.tsx';

afterEach(() => vi.unstubAllGlobals());

function question(type: Question['type'], texts: string[]): Question {
  return {
    id: 7,
    text: '¿Seguimos?',
    type,
    ordinal: 1,
    timeLimitSeconds: null,
    resultsHidden: false,
    scale: null,
    options: texts.map((text, i) => ({ id: 70 + i, text, ordinal: i + 1 })),
  };
}

function renderList(q: Question) {
  const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
  renderRoute(
    <HostSessionProvider slug="abc" secret="s3cret">
      <OptionList question={q} />
    </HostSessionProvider>,
    { path: '/host/:slug', url: '/host/abc' },
  );
  return fetchMock;
}

const deleteButtons = () => screen.queryAllByRole('button', { name: /^Eliminar opción: / });

/** Spec §5: what a saved question's options offer. */
describe('OptionList', () => {
  it('offers deleting options and adding one to a single-choice question', () => {
    renderList(question('single', ['Rojo', 'Azul']));
    expect(deleteButtons()).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Nueva opción para «¿Seguimos?»' })).toBeVisible();
  });

  it('never deletes the last option', () => {
    renderList(question('multiple', ['Única']));
    expect(deleteButtons()).toHaveLength(0);
  });

  it('neither deletes nor adds options of a yes/no question', () => {
    renderList(question('yesno', ['Sí', 'No']));
    expect(deleteButtons()).toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: /^Nueva opción/ })).not.toBeInTheDocument();
  });

  it('deletes only after a confirmation that says it is irreversible', async () => {
    const user = userEvent.setup();
    const fetchMock = renderList(question('single', ['Rojo', 'Azul']));
    await user.click(screen.getByRole('button', { name: 'Eliminar opción: Azul' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar esta opción?' });
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Eliminar opción: Azul' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar opción' }));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/options/71');
    expect(init?.method).toBe('DELETE');
    expect(await screen.findByText('Opción eliminada')).toBeInTheDocument();
  });
});
