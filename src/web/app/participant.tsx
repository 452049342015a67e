import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { NavigationProvider, plainNavigation } from '../lib/navigation.tsx';
import { toastsWanted } from '../lib/toast.ts';
import { Shell } from './shell.tsx';

export type ParticipantRoute = { kind: 'vote' | 'results'; slug: string };

/** /p/{slug} and /r/{slug}: the pages phones open, rendered on the server and without the router. */
export function participantRoute(pathname: string): ParticipantRoute | null {
  const match = /^\/([pr])\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[2]) return null;
  try {
    return { kind: match[1] === 'p' ? 'vote' : 'results', slug: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}

const AppToaster = lazy(() =>
  import('../components/app-toaster.tsx').then((module) => ({ default: module.AppToaster })),
);

/**
 * Mounted when the first toast is asked for (sonner replays it): a phone that only votes loads
 * sonner after its vote, not with the page. Never on the server.
 */
function LateToaster() {
  const show = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  return show ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

type Props = { pathname: string; queryClient: QueryClient; children: ReactNode };

/** The frame of a participant page, the same on the server and in the browser. */
export function ParticipantPage({ pathname, queryClient, children }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <NavigationProvider value={plainNavigation(pathname)}>
        <Shell toaster={<LateToaster />}>{children}</Shell>
      </NavigationProvider>
    </QueryClientProvider>
  );
}
