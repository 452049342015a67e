/**
 * Host secrets live in localStorage under one key (a map slug → secret, spec §3); the
 * "vote sent" flag is voted.ts's. Storage can be full, disabled or hold garbage, so every
 * access is guarded.
 */
import { useMemo, useSyncExternalStore } from 'react';

const HOST_SECRETS_KEY = 'sondeo:host-secrets';

function readRaw(): string {
  try {
    return localStorage.getItem(HOST_SECRETS_KEY) ?? '';
  } catch {
    return '';
  }
}

function parseSecrets(raw: string): Record<string, string> {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

function readSecrets(): Record<string, string> {
  return parseSecrets(readRaw());
}

const listeners = new Set<() => void>();

function writeSecrets(secrets: Record<string, string>): void {
  try {
    localStorage.setItem(HOST_SECRETS_KEY, JSON.stringify(secrets));
  } catch {
    // Private mode or a full quota: the host can still paste the code again later.
  }
  for (const listener of listeners) listener();
}

/** Changes made here, and in other tabs (the storage event). */
function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === HOST_SECRETS_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Every code this browser holds (slug → secret), kept current; null on the server and while a
 * server-rendered page hydrates (the server cannot know them), so the first render matches.
 */
export function useHostSecrets(): Record<string, string> | null {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return useMemo(() => (raw === null ? null : validSecrets(parseSecrets(raw))), [raw]);
}

function validSecrets(secrets: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets).filter(([, secret]) => typeof secret === 'string' && secret !== ''),
  );
}

export function getHostSecret(slug: string): string | null {
  const secret = readSecrets()[slug];
  return typeof secret === 'string' && secret.length > 0 ? secret : null;
}

export function saveHostSecret(slug: string, secret: string): void {
  writeSecrets({ ...readSecrets(), [slug]: secret });
}

export function removeHostSecret(slug: string): void {
  const { [slug]: _removed, ...rest } = readSecrets();
  writeSecrets(rest);
}
