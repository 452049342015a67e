/**
 * Host secrets live in localStorage under one key (a map slug → secret, spec §3); the
 * "vote sent" flag is voted.ts's. Storage can be full, disabled or hold garbage, so every
 * access is guarded.
 */
const HOST_SECRETS_KEY = 'sondeo:host-secrets';

function readSecrets(): Record<string, string> {
  try {
    const raw = localStorage.getItem(HOST_SECRETS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

function writeSecrets(secrets: Record<string, string>): void {
  try {
    localStorage.setItem(HOST_SECRETS_KEY, JSON.stringify(secrets));
  } catch {
    // Private mode or a full quota: the host can still paste the code again later.
  }
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
