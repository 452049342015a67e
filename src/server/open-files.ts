import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What we assume when the limit cannot be read: the usual soft limit of a Linux login. */
const FALLBACK_OPEN_FILES = 1024;

/**
 * The process's soft limit on open files, which bounds its sockets. Node has no setrlimit, but
 * raises the soft limit to the hard limit itself as it starts (POSIX), so this already is the
 * most the OS allows without privileges; the global stream cap is sized from it. Linux: read
 * /proc/self/limits; elsewhere a child shell inherits the limit and reports it (`ulimit -n`).
 */
export function openFileLimit(): number {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits)?.[1];
    if (soft) return soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(soft);
  } catch {
    // Not Linux: ask a shell.
  }
  try {
    const soft = execFileSync('sh', ['-c', 'ulimit -n'], {
      encoding: 'utf8',
      timeout: 2000,
    }).trim();
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    if (/^\d+$/.test(soft)) return Number(soft);
  } catch {
    // No shell (Windows): assume the common default.
  }
  return FALLBACK_OPEN_FILES;
}
