import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePoll } from '../../../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import { HostSessionProvider } from '../host-session.tsx';
import { StatusCard } from './status-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('StatusCard: Filtro estricto (issue 24)', () => {
  it('shows the setting on by default with its explanation, and turns it off', async () => {
    const poll = makePoll();
    const fetchMock = mockFetch((_url, init) => {
      const body = JSON.parse(String(init.body)) as { settings: { strictFilter: boolean } };
      return json({ ...poll, settings: { ...poll.settings, ...body.settings } });
    });
    renderRoute(
      <HostSessionProvider slug={poll.slug} secret="s3cret">
        <StatusCard poll={poll} />
      </HostSessionProvider>,
      { path: '/host/:slug', url: `/host/${poll.slug}` },
    );
    const toggle = screen.getByRole('switch', { name: 'Filtro estricto' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/insultos leves/);

    await userEvent.setup().click(toggle);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe(`/api/v1/polls/${poll.slug}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ settings: { strictFilter: false } });
    expect(await screen.findByText('Configuración actualizada')).toBeInTheDocument();
  });
});
