import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { Header } from '../components/header.tsx';
import { es } from '../i18n/es.ts';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

function useIsFullscreen(): boolean {
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return fullscreen;
}

export function Layout() {
  const isDesktop = useMediaQuery('(min-width: 768px)');
  // Spec §2: the top bar is hidden while the results are fullscreen.
  const fullscreen = useIsFullscreen();
  return (
    <div className="flex min-h-dvh flex-col">
      {fullscreen ? null : <Header />}
      <main className="flex-1">
        <Outlet />
      </main>
      {/* sonner's own labels are English ('Notifications', 'Close toast'). */}
      <Toaster
        position={isDesktop ? 'bottom-right' : 'top-center'}
        richColors
        closeButton
        containerAriaLabel={es.common.notifications}
        toastOptions={{ closeButtonAriaLabel: es.common.closeNotification }}
      />
    </div>
  );
}
