import { useEffect, useState } from 'react';

type OpenFields = typeof import('../components/open-fields.tsx');

/**
 * The open-text and scale fields are their own chunk, so a poll of choices alone stays within
 * the phone's byte budget. A page server-rendered with such a question must hydrate the same
 * markup, so the fields are there before React runs: the server build provides them at once
 * (entry-server.tsx), the browser loads them before hydrating (main.tsx). A question of these
 * types added live loads them on demand.
 */
let fields: OpenFields | undefined;

export function provideOpenFields(module: OpenFields): void {
  fields = module;
}

export async function loadOpenFields(): Promise<void> {
  fields ??= await import('../components/open-fields.tsx');
}

/** Whether a poll's questions need the fields (the browser's check before hydrating). */
export function needsOpenFields(poll: unknown): boolean {
  const questions = (poll as { questions?: { type?: string }[] } | undefined)?.questions;
  return !!questions?.some((q) => q.type === 'text' || q.type === 'scale');
}

export function useOpenFields(): OpenFields | undefined {
  const [current, setCurrent] = useState(fields);
  useEffect(() => {
    // A lost chunk is asked for again when the page next renders this.
    if (!current) loadOpenFields().then(() => setCurrent(fields), Boolean);
  }, [current]);
  return current;
}
