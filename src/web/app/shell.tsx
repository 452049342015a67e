import type { ReactNode } from 'react';
import { Header } from '../components/header.tsx';
import { useHydrated, useIsFullscreen } from '../lib/fullscreen.ts';
import { useNavigation } from '../lib/navigation.tsx';
import { SKIP_LINKS_SLOT_ID } from '../lib/skip-slot.ts';

/** The frame of every screen: header (hidden in fullscreen, spec §2), the screen, the toasts. */
export function Shell({ children, toaster }: { children: ReactNode; toaster: ReactNode }) {
  const fullscreen = useIsFullscreen();
  // The presenter view fills the projector's screen by itself; the embed (issue 28) its frame.
  const { pathname } = useNavigation();
  const presenting = pathname.startsWith('/present/') || pathname.startsWith('/embed/');
  // Set once React runs the page (a server-rendered page paints before): tests and the phone
  // benchmark wait for it before tapping.
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col" data-hydrated={hydrated || undefined}>
      {/* Skip links of the screen come first in Tab order (lib/skip-slot.ts). */}
      <div id={SKIP_LINKS_SLOT_ID} />
      {fullscreen || presenting ? null : <Header />}
      <main className="flex-1">{children}</main>
      {toaster}
    </div>
  );
}
