import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import type { ServerInfo } from '../../../../contract/routes.ts';
import { ShareCard } from './share-card.tsx';

afterEach(() => vi.unstubAllGlobals());

// jsdom serves the page from http://localhost:3000, the laptop case.
function renderCard(info: ServerInfo) {
  mockFetch((url) => (url.pathname === '/api/v1/info' ? json(info) : json({}, 404)));
  renderRoute(<ShareCard slug="abc123" />, { path: '/host/:slug', url: '/host/abc123' });
}

async function openQr() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Mostrar código QR' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('ShareCard and QR dialog', () => {
  it('shares PUBLIC_URL when the server has one', async () => {
    renderCard({ publicUrl: 'https://sondeo.example.org', lanUrls: ['http://192.168.1.20:3000'] });
    expect(screen.getByRole('heading', { name: 'Compartir' })).toBeInTheDocument();
    expect(await screen.findByText('https://sondeo.example.org/p/abc123')).toBeInTheDocument();
    const { dialog } = await openQr();
    expect(within(dialog).getByTestId('qr-link')).toHaveTextContent(
      'https://sondeo.example.org/p/abc123',
    );
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
    expect(
      await within(dialog).findByAltText('Código QR de https://sondeo.example.org/p/abc123'),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(
      within(dialog).getByRole('link', { name: 'Abrir en una pestaña nueva' }),
    ).toHaveAttribute('href', 'https://sondeo.example.org/p/abc123');
  });

  it('on localhost reassures that the QR uses the LAN address', async () => {
    renderCard({ publicUrl: null, lanUrls: ['http://192.168.1.20:3000'] });
    expect(await screen.findByText('http://192.168.1.20:3000/p/abc123')).toBeInTheDocument();
    const { dialog } = await openQr();
    const note = within(dialog).getByRole('note');
    expect(note).toHaveTextContent(
      'Este código usa la dirección de tu red local para que los móviles puedan entrar',
    );
    expect(note).not.toHaveTextContent('no pueden');
    expect(within(dialog).getByTestId('qr-link')).toHaveTextContent(
      'http://192.168.1.20:3000/p/abc123',
    );
  });

  it('lets the host pick between several LAN addresses', async () => {
    renderCard({ publicUrl: null, lanUrls: ['http://192.168.1.20:3000', 'http://10.0.0.5:3000'] });
    await screen.findByText('http://192.168.1.20:3000/p/abc123');
    const { user, dialog } = await openQr();
    expect(within(dialog).getByRole('radio', { name: 'http://192.168.1.20:3000' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'http://10.0.0.5:3000' }));
    expect(within(dialog).getByTestId('qr-link')).toHaveTextContent(
      'http://10.0.0.5:3000/p/abc123',
    );
    // The card's links follow the choice.
    expect(screen.getAllByText('http://10.0.0.5:3000/p/abc123').length).toBeGreaterThan(1);
  });

  it('copies the participation link and says so', async () => {
    // user-event installs its own clipboard on setup; ours goes on top of it.
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard({ publicUrl: 'https://sondeo.example.org', lanUrls: [] });
    await screen.findByText('https://sondeo.example.org/p/abc123');
    await user.click(screen.getByRole('button', { name: 'Copiar enlace de participación' }));
    expect(writeText).toHaveBeenCalledWith('https://sondeo.example.org/p/abc123');
    expect(await screen.findByText('¡Enlace copiado!')).toBeInTheDocument();
  });

  it('says Error al copiar when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('isSecureContext', true);
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard({ publicUrl: 'https://sondeo.example.org', lanUrls: [] });
    await screen.findByText('https://sondeo.example.org/p/abc123');
    await user.click(screen.getByRole('button', { name: 'Copiar enlace de resultados' }));
    expect(writeText).toHaveBeenCalledWith('https://sondeo.example.org/r/abc123');
    expect(await screen.findByText('Error al copiar')).toBeInTheDocument();
  });
});
