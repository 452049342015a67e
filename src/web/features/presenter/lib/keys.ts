/** What a key does in the presenter view; clickers send PageUp / PageDown. */
export type PresenterAction =
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'fullscreen'
  | 'toggle-results'
  | 'join'
  | 'help'
  | 'qa'
  | 'escape';

const BY_KEY: Record<string, PresenterAction> = {
  ArrowRight: 'next',
  PageDown: 'next',
  ' ': 'next',
  ArrowLeft: 'previous',
  PageUp: 'previous',
  Home: 'first',
  End: 'last',
  f: 'fullscreen',
  F: 'fullscreen',
  h: 'toggle-results',
  H: 'toggle-results',
  q: 'join',
  Q: 'join',
  '?': 'help',
  a: 'qa',
  A: 'qa',
  Escape: 'escape',
};

/**
 * The action of a key press, or null: modified presses belong to the browser (Ctrl+F finds,
 * Alt+← goes back), and keys typed into a field or pressed on a button are theirs (Space
 * activates the focused button).
 */
export function actionOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): PresenterAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target as { closest?: (selector: string) => Element | null } | null;
  const inField = target?.closest?.('input, textarea, select, [contenteditable="true"]');
  if (inField) return null;
  if (event.key === ' ' && target?.closest?.('button, a')) return null;
  return BY_KEY[event.key] ?? null;
}

/** '482913' → '482 913', read aloud in two groups of three. */
export function groupJoinCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** The address without its scheme, as people type it: 'http://192.168.1.20:3000/p/x' → '192.168.1.20:3000/p/x'. */
export function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
