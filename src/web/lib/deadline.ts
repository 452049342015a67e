/**
 * A homework's deadline as a phone shows it (issue 27): in words and in the participant's own
 * time zone ('Entrega hasta el jueves 4, 23:59'), and a countdown only in its last hour.
 */

const HOUR_MS = 60 * 60 * 1000;

export function deadlineWords(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('es-ES', { timeZone, ...options }).format(date);
  const time = part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric' })}, ${time}`;
}

/** 'mm:ss' left, or null outside the last hour (and once it passed). */
export function lastHourCountdown(iso: string, nowMs: number): string | null {
  const left = Date.parse(iso) - nowMs;
  if (left <= 0 || left > HOUR_MS) return null;
  const seconds = Math.ceil(left / 1000);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
