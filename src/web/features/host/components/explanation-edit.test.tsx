import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { Question } from '../../../../contract/poll.ts';
import { HostSessionProvider } from '../host-session.tsx';
import { ExplanationEdit } from './explanation-edit.tsx';

afterEach(() => vi.unstubAllGlobals());

function question(explanation: string | null): Question {
  return {
    id: 9,
    text: 'Capital de Francia',
    type: 'single',
    ordinal: 1,
    timeLimitSeconds: null,
    resultsHidden: false,
    scale: null,
    options: [],
    explanation,
  };
}

function renderEdit(q: Question) {
  const fetchMock = mockFetch((url, init) => {
    if (url.pathname.endsWith('/summary')) return json({ questions: [] });
    const body = JSON.parse(String(init.body)) as { explanation: string | null };
    return json({ ...q, explanation: body.explanation });
  });
  renderRoute(
    <HostSessionProvider slug="abc" secret="s3cret">
      <ExplanationEdit question={q} />
    </HostSessionProvider>,
    { path: '/host/:slug', url: '/host/abc' },
  );
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('ExplanationEdit', () => {
  it('reads as a line, opens a bounded field, saves one paragraph', async () => {
    const user = userEvent.setup();
    const fetchMock = renderEdit(question(null));
    await user.click(screen.getByRole('button', { name: 'Editar explicación: Sin explicación' }));
    const field = screen.getByRole('textbox', { name: 'Explicación' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('maxlength', '500');
    await user.type(field, 'Porque{Enter}París es la capital');
    expect(field).toHaveValue('Porque París es la capital');
    await user.click(screen.getByRole('button', { name: 'Guardar explicación' }));
    const [url, init] = puts(fetchMock)[0] ?? [];
    expect(String(url)).toBe('/api/v1/questions/9');
    expect(new Headers(init?.headers).get('X-Host-Secret')).toBe('s3cret');
    expect(JSON.parse(String(init?.body))).toEqual({ explanation: 'Porque París es la capital' });
    expect(await screen.findByText('Explicación guardada')).toBeInTheDocument();
  });

  it('an emptied field clears it; Escape backs out without saving, the focus back on the line', async () => {
    const user = userEvent.setup();
    const fetchMock = renderEdit(question('Porque sí'));
    const line = screen.getByRole('button', { name: 'Editar explicación: Porque sí' });
    await user.click(line);
    await user.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Editar explicación: Porque sí' })).toHaveFocus(),
    );
    expect(puts(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Editar explicación: Porque sí' }));
    await user.clear(screen.getByRole('textbox', { name: 'Explicación' }));
    await user.click(screen.getByRole('button', { name: 'Guardar explicación' }));
    const [, init] = puts(fetchMock)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ explanation: null });
  });
});
