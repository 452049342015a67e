/**
 * Times of an export in the host's zone (issue 24: UTC, or the server's zone, was not the
 * classroom's). An Intl formatter per row is ~5 µs, too much for 200,000 ballots; a zone's offset
 * only changes on a quarter hour, so it is asked once per quarter hour seen and the wall-clock
 * time is then plain arithmetic.
 */
export interface ZoneClock {
  readonly timeZone: string;
  /** "2026-11-22 10:05:03": what a spreadsheet reads as a date and time. */
  text(date: Date): string;
  /** The wall-clock time as a UTC instant: an Excel date (which has no zone) shows it as is. */
  wallClock(date: Date): Date;
}

const QUARTER_HOUR = 15 * 60_000;
/** Offsets remembered per clock: a year of quarter hours is 35,040, a poll's ballots far fewer. */
const OFFSETS_KEPT = 50_000;

export function zoneClock(timeZone: string): ZoneClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_HOUR);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER_HOUR;
      const part: Record<string, number> = {};
      for (const p of format.formatToParts(at)) part[p.type] = Number(p.value);
      const wall = Date.UTC(
        part.year!,
        part.month! - 1,
        part.day!,
        part.hour!,
        part.minute!,
        part.second!,
      );
      offset = wall - at;
      if (offsets.size >= OFFSETS_KEPT) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  const wallClock = (date: Date) => new Date(date.getTime() + offsetAt(date.getTime()));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    timeZone,
    wallClock,
    text(date) {
      const w = wallClock(date);
      return (
        `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ` +
        `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`
      );
    },
  };
}

/** The server's own zone: what exports used before `tz`, and still without it. */
export const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
