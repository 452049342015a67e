import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import { HostSessionProvider } from '../host-session.tsx';
import { PresenterCodeDialog } from './presenter-code-dialog.tsx';

describe('PresenterCodeDialog', () => {
  it('reveals the stored presenter code only when asked, in a dialog', async () => {
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
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
