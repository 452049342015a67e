import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { vi } from 'vitest';
import { createQueryClient } from '../../src/web/lib/query.ts';

type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch for one test; returns the mock so calls (URL, init) can be inspected. */
export function mockFetch(handler: FetchHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** jsdom has no matchMedia; sonner and the layout ask for it. */
function ensureMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Renders `element` at `url` (matching `path`) with the app's query client and a toaster. */
export function renderRoute(element: ReactElement, { path, url }: { path: string; url: string }) {
  ensureMatchMedia();
  // sonner keeps its toasts in module state; a new test must not see the last test's toasts.
  toast.dismiss();
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, queryClient, router };
}
