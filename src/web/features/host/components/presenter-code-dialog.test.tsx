import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import { HostSessionProvider } from '../host-session.tsx';
import { PresenterCodeDialog } from './presenter-code-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PresenterCodeDialog', () => {
  it('reveals the stored presenter code only when asked, in a dialog', async () => {
    mockFetch(() => json({ publicUrl: null, lanUrls: ['http://192.168.1.20:3000'] }));
    renderRoute(
      <HostSessionProvider slug="abcdEFGH" secret="s3cr3t-code">
        <PresenterCodeDialog />
      </HostSessionProvider>,
      { path: '/host/:slug', url: '/host/abcdEFGH' },
    );
    expect(screen.queryByText('s3cr3t-code')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Código de presentador' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('s3cr3t-code');
    expect(dialog).toHaveTextContent('desde otro dispositivo');
    // The presenter link, on the address phones can reach, and a QR of it.
    expect(await within(dialog).findByTestId('presenter-link')).toHaveTextContent(
      'http://192.168.1.20:3000/host/abcdEFGH#codigo=s3cr3t-code',
    );
    expect(
      await within(dialog).findByRole('img', { name: 'Código QR del enlace de presentador' }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
