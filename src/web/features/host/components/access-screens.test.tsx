import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../../../tests/helpers/render-web.tsx';
import { getHostSecret } from '../../../lib/storage.ts';
import { useHostAccess } from '../host-session.tsx';
import { AccessRequired, PollNotFound } from './access-screens.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The gate as the host route uses it: the panel stands in as a heading once unlocked. */
function Gate() {
  const { secret, status, submit, missing } = useHostAccess('abc');
  if (missing) return <PollNotFound />;
  if (secret) return <h1>Panel abierto</h1>;
  return <AccessRequired status={status} onSubmit={submit} />;
}

function renderGate(url = '/host/abc') {
  return renderRoute(<Gate />, { path: '/host/:slug', url });
}

function answerPrompt(code: string) {
  vi.spyOn(window, 'prompt').mockReturnValue(code);
}

describe('AccessRequired', () => {
  it('unlocks only once the server accepts the code, and stores it', async () => {
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    renderGate();
    answerPrompt('  buen-codigo  ');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar código' }));
    expect(await screen.findByRole('heading', { name: 'Panel abierto' })).toBeInTheDocument();
    // The other call is the public read that asks whether the poll exists at all.
    const [url, init] =
      fetchMock.mock.calls.find(([called]) => String(called).endsWith('/host')) ?? [];
    expect(String(url)).toBe('/api/v1/polls/abc/host');
    expect((init?.headers as Record<string, string> | undefined)?.['X-Host-Secret']).toBe(
      'buen-codigo',
    );
    expect(getHostSecret('abc')).toBe('buen-codigo');
  });

  it("stays locked on a wrong code and says 'Código incorrecto'", async () => {
    mockFetch(() => json({ message: 'Código de presentador incorrecto', code: 'FORBIDDEN' }, 403));
    renderGate();
    answerPrompt('codigo-incorrecto');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código incorrecto');
    expect(screen.getByRole('heading', { name: 'Acceso requerido' })).toBeInTheDocument();
    expect(getHostSecret('abc')).toBeNull();
  });

  it('says a failed check failed and retries the same code', async () => {
    let online = false;
    mockFetch(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    });
    renderGate();
    answerPrompt('buen-codigo');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo comprobar el código');
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Panel abierto' })).toBeInTheDocument();
    expect(getHostSecret('abc')).toBe('buen-codigo');
  });

  it('checks the code of a presenter link and takes it out of the address', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    const { router } = renderGate('/host/abc#codigo=del-enlace');
    expect(await screen.findByRole('heading', { name: 'Panel abierto' })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(getHostSecret('abc')).toBe('del-enlace');
  });

  it("says 'Encuesta no encontrada' for a poll the server does not know, without asking a code", async () => {
    mockFetch(() => json({ message: 'Encuesta no encontrada', code: 'POLL_NOT_FOUND' }, 404));
    renderGate('/host/ZZZZ');
    expect(
      await screen.findByRole('heading', { name: 'Encuesta no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Acceso requerido' })).toBeNull();
  });
});
