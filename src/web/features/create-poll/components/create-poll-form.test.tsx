import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePoll } from '../../../../../tests/helpers/live-fixtures.ts';
import type { CreatePollResponse } from '../../../../contract/poll.ts';
import { createQueryClient } from '../../../lib/query.ts';
import { getHostSecret } from '../../../lib/storage.ts';
import { CreatePollForm } from './create-poll-form.tsx';

function HostStub() {
  const { slug } = useParams();
  return <p>panel {slug}</p>;
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <CreatePollForm /> },
      { path: '/host/:slug', element: <HostStub /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    title: screen.getByLabelText('Título de la encuesta') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Crear encuesta' }),
  };
}

function created(title: string): CreatePollResponse {
  return {
    ...makePoll({ slug: 'abcd2345', title, status: 'draft', questions: [] }),
    host_secret: 's3cret',
  };
}

function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

// jsdom has no ResizeObserver; Radix's switch measures its thumb with one.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  // sonner keeps toasts in module state; one test must not find the previous test's toasts.
  toast.dismiss();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CreatePollForm', () => {
  it('counts characters live and caps the title at 120', async () => {
    const { user, title } = renderForm();
    expect(screen.getByText('0/120 caracteres')).toBeInTheDocument();
    await user.type(title, 'Hola');
    expect(screen.getByText('4/120 caracteres')).toBeInTheDocument();
    expect(title).toHaveAttribute('maxLength', '120');
    fireEvent.change(title, { target: { value: 'x'.repeat(150) } });
    expect(title.value).toHaveLength(120);
    expect(screen.getByText('120/120 caracteres')).toBeInTheDocument();
  });

  it('marks submit as disabled while the title is blank, yet Enter and the button explain why', async () => {
    const { user, title, submit } = renderForm();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.type(title, '   ');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit);
    expect(await screen.findByText('El título de la encuesta es obligatorio')).toBeInTheDocument();
    expect(title).toHaveFocus();
    await user.type(title, '{Enter}');
    expect(screen.getAllByText('El título de la encuesta es obligatorio').length).toBeGreaterThan(
      0,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(title, 'a');
    expect(submit).not.toHaveAttribute('aria-disabled');
    expect(submit).toBeEnabled();
  });

  it('has the default switches: one vote on, public results off', () => {
    renderForm();
    expect(screen.getByRole('switch', { name: 'Un voto por pregunta' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Resultados públicos' })).not.toBeChecked();
  });

  it('sends the trimmed title, stores the secret, toasts and opens the panel', async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const { user, title, submit } = renderForm();
    await user.type(title, '  Mi encuesta  ');
    await user.click(screen.getByRole('switch', { name: 'Resultados públicos' }));
    await user.click(submit);

    // Disabled while the request is in flight.
    expect(screen.getByRole('button', { name: 'Creando...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/polls');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Mi encuesta',
      settings: { oneVotePerQuestion: true, resultsPublic: true },
    });

    release(jsonResponse(created('Mi encuesta'), 201));
    expect(await screen.findByText('panel abcd2345')).toBeInTheDocument();
    expect(getHostSecret('abcd2345')).toBe('s3cret');
    expect(await screen.findByText('¡Encuesta creada!')).toBeInTheDocument();
    expect(screen.getByText('Tu encuesta "Mi encuesta" está lista')).toBeInTheDocument();
  });

  it('shows the server message in a destructive toast when creation fails', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ message: 'Demasiadas solicitudes', code: 'RATE_LIMITED' }, 429),
    );
    const { user, title, submit } = renderForm();
    await user.type(title, 'Mi encuesta');
    await user.click(submit);
    expect(await screen.findByText('Error al crear encuesta')).toBeInTheDocument();
    expect(screen.getByText('Demasiadas solicitudes')).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeEnabled());
    expect(getHostSecret('abcd2345')).toBeNull();
  });
});
