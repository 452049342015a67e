import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { getHostSecret, removeHostSecret, saveHostSecret } from '../../lib/storage.ts';

type HostSession = { slug: string; secret: string };

const HostSessionContext = createContext<HostSession | null>(null);

/** Gives every host mutation the poll's slug and secret without threading props through cards. */
export function HostSessionProvider({
  slug,
  secret,
  children,
}: HostSession & { children: ReactNode }) {
  const value = useMemo(() => ({ slug, secret }), [slug, secret]);
  return <HostSessionContext.Provider value={value}>{children}</HostSessionContext.Provider>;
}

export function useHostSession(): HostSession {
  const session = useContext(HostSessionContext);
  if (!session) throw new Error('useHostSession must be used inside HostSessionProvider');
  return session;
}

/** The stored presenter code for a slug, kept in React state so unlocking and forgetting re-render. */
export function useHostAccess(slug: string) {
  const [secret, setSecret] = useState(() => getHostSecret(slug));
  const unlock = useCallback(
    (code: string) => {
      saveHostSecret(slug, code);
      setSecret(code);
    },
    [slug],
  );
  const forget = useCallback(() => {
    removeHostSecret(slug);
    setSecret(null);
  }, [slug]);
  return { secret, unlock, forget };
}
