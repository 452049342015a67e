import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { esCore as es } from '../i18n/es-core.ts';

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

/**
 * The toasts' region: bottom on every screen (at the top a toast covers the sticky header and a
 * dialog's title and close button, design brief), right on a desktop, centred on a phone.
 */
export function AppToaster() {
  const isDesktop = useMediaQuery('(min-width: 768px)');
  return (
    // sonner's own labels are English ('Notifications', 'Close toast').
    <Toaster
      position={isDesktop ? 'bottom-right' : 'bottom-center'}
      richColors
      // The page follows the system's light or dark (theme.css); the toasts with it.
      theme="system"
      closeButton
      containerAriaLabel={es.common.notifications}
      toastOptions={{ closeButtonAriaLabel: es.common.closeNotification }}
    />
  );
}
