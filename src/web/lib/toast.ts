import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;

/**
 * sonner (~9 KB gzip) is loaded when the first toast is shown, not with the page: a phone opening
 * the vote page needs no toast before it votes. Its toaster replays toasts created before it
 * mounted, so nothing is lost while either loads.
 */
const load = (): Promise<Toast> => {
  wanted = true;
  for (const listener of listeners) listener();
  return import('sonner').then((module) => module.toast);
};

let wanted = false;
const listeners = new Set<() => void>();

/** Whether anything asked for a toast yet: a page mounts its toaster only then. */
export const toastsWanted = {
  get: () => wanted,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const notify = {
  success: (...args: Parameters<Toast['success']>) => void load().then((t) => t.success(...args)),
  error: (...args: Parameters<Toast['error']>) => void load().then((t) => t.error(...args)),
  dismiss: (id?: string | number) => void load().then((t) => t.dismiss(id)),
};
