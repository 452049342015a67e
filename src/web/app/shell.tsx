import type { ReactNode } from 'react';
import { Header } from '../components/header.tsx';
import { useHydrated, useIsFullscreen } from '../lib/fullscreen.ts';
import { useNavigation } from '../lib/navigation.tsx';

/** The frame of every screen: header (hidden in fullscreen, spec §2), the screen, the toasts. */
export function Shell({ children, toaster }: { children: ReactNode; toaster: ReactNode }) {
  const fullscreen = useIsFullscreen();
  // The presenter view fills the projector's screen by itself.
  const presenting = useNavigation().pathname.startsWith('/present/');
  // Set once React runs the page (a server-rendered page paints before): tests and the phone
  // benchmark wait for it before tapping.
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col" data-hydrated={hydrated || undefined}>
      {fullscreen || presenting ? null : <Header />}
      <main className="flex-1">{children}</main>
      {toaster}
    </div>
  );
}
