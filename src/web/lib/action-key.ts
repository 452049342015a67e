import { useCallback, useRef } from 'react';

/**
 * A random Idempotency-Key (a v4 UUID). crypto.randomUUID exists only in secure contexts, and
 * phones on a LAN reach the app over plain http, so it is built from getRandomValues (available
 * everywhere) when it is missing.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per user action (issue 24): the same request sent again from the same
 * screen (a double click on 'Crear encuesta' or 'Agregar pregunta', a retry after an error)
 * carries the same key, so the server makes one poll or question and answers the second with
 * the first's result. Any other request is a new action with a new key; after a creation the
 * next one differs anyway (a question's or option's ordinal moves on, the poll form is left).
 */
export function useRequestKey(): (request: unknown) => string {
  const last = useRef<{ text: string; key: string } | null>(null);
  return useCallback((request: unknown) => {
    const text = JSON.stringify(request);
    if (last.current?.text !== text) last.current = { text, key: newRequestKey() };
    return last.current.key;
  }, []);
}
