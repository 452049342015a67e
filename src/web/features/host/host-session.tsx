import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { scopeOfSecret } from '../../../contract/cohost-secret.ts';
import { isApiError } from '../../lib/api-client.ts';
import { codeFromFragment } from '../../lib/links.ts';
import { getHostSecret, removeHostSecret, saveHostSecret } from '../../lib/storage.ts';
import { useCheckHostCode } from './api/check-host.ts';
import { pollQueryOptions } from './api/get-poll.ts';

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

export type CodeCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'wrong' }
  | { state: 'failed'; retry: () => void };

/**
 * The presenter code of a slug: the stored one, or one being checked with the server before the
 * panel unlocks (typed in the prompt, or carried by a presenter link's `#codigo=` fragment, which
 * leaves the address bar at once). Kept in React state so unlocking and forgetting re-render.
 */
export function useHostAccess(slug: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const [secret, setSecret] = useState(() => getHostSecret(slug));
  const check = useCheckHostCode(slug);
  const { mutate } = check;

  const submit = useCallback(
    (code: string) =>
      mutate(code, {
        onSuccess: () => {
          saveHostSecret(slug, code);
          setSecret(code);
        },
      }),
    [mutate, slug],
  );

  // A presenter link: take the code out of the address bar (and so out of the history, a
  // screenshot or a shared screen) before anything else, then check it like a typed one. Also
  // when the link is pasted into a tab already on this panel (a hash change, no reload).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!location.hash || handled.current === location.key) return;
    handled.current = location.key;
    const code = codeFromFragment(location.hash);
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
    const held = getHostSecret(slug);
    // A co-host link opened where the presenter code is kept must not replace it (issue 28).
    const holdsPresenterCode = held !== null && scopeOfSecret(held) === null;
    if (code && code !== held && !(holdsPresenterCode && scopeOfSecret(code) !== null)) {
      submit(code);
    }
  }, [location, navigate, slug, submit]);

  const forget = useCallback(() => {
    removeHostSecret(slug);
    setSecret(null);
    check.reset();
  }, [slug, check.reset]);

  let status: CodeCheck = { state: 'idle' };
  if (check.isPending) status = { state: 'checking' };
  else if (check.isError) {
    const code = check.variables;
    status =
      isApiError(check.error) && check.error.status === 403
        ? { state: 'wrong' }
        : { state: 'failed', retry: () => submit(code) };
  }
  // A stored code opens the panel unless a new one is being checked or was refused.
  const unlocked = secret && status.state === 'idle' ? secret : null;
  // Without a code, ask first whether the poll exists: a mistyped or deleted poll's link is
  // 'Encuesta no encontrada', not a request for a code that cannot open anything. The read is
  // the public one (cached for the panel once unlocked); any other failure still asks for a code.
  const exists = useQuery({ ...pollQueryOptions(slug), enabled: !unlocked });
  const notFound = (error: unknown) => isApiError(error) && error.status === 404;
  const missing = !unlocked && (notFound(exists.error) || notFound(check.error));
  const checkingExists = !unlocked && exists.isPending && exists.fetchStatus !== 'idle';
  return { secret: unlocked, status, submit, forget, missing, checkingExists };
}
