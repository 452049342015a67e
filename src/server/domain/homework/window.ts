import { homeworkMessages, type Settings } from '../../../contract/index.ts';
import type { PollRecord } from '../../store/store.ts';
import { DomainError } from '../errors.ts';

/** Homework's window (issue 27): when a poll takes votes, and whether its quiz is self-paced. */

/** A quiz with an opening or a deadline is done by each player on its own, at its own pace. */
export function isSelfPaced(poll: Pick<PollRecord, 'quiz' | 'opensAt' | 'closesAt'>): boolean {
  return poll.quiz && (poll.opensAt !== null || poll.closesAt !== null);
}

/** Before `opensAt`, nobody answers (409 POLL_NOT_OPEN_YET), whatever the status says. */
export function refuseBeforeOpening(poll: Pick<PollRecord, 'opensAt'>, now: Date): void {
  if (poll.opensAt !== null && now < poll.opensAt) {
    throw new DomainError('POLL_NOT_OPEN_YET', homeworkMessages.notOpenYet, {
      opensAt: poll.opensAt.toISOString(),
    });
  }
}

/** Past `closesAt` nobody answers, even on a view cached a moment before the close was
 *  written (the deadline timers and reads close it in the store). */
export function refuseAfterDeadline(poll: Pick<PollRecord, 'closesAt'>, now: Date): void {
  if (poll.closesAt !== null && now >= poll.closesAt) throw new DomainError('POLL_NOT_OPEN');
}

function invalidWindow(field: 'opensAt' | 'closesAt', message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, [
    { location: 'body', path: `settings.${field}`, message },
  ]);
}

/**
 * The window a create or update leaves the poll with, as the store keeps it (undefined: not
 * changed). A deadline already past is refused: saved, it would close the poll at once, and a
 * host's slip is never final (the panel asks before closing).
 */
export function windowChanges(
  before: Pick<PollRecord, 'opensAt' | 'closesAt'> | undefined,
  settings: Partial<Pick<Settings, 'opensAt' | 'closesAt'>> | undefined,
  now: Date,
): { opensAt?: Date | null; closesAt?: Date | null } {
  const asDate = (iso: string | null | undefined) =>
    iso === undefined ? undefined : iso === null ? null : new Date(iso);
  const opensAt = asDate(settings?.opensAt);
  const closesAt = asDate(settings?.closesAt);
  const opens = opensAt === undefined ? (before?.opensAt ?? null) : opensAt;
  const closes = closesAt === undefined ? (before?.closesAt ?? null) : closesAt;
  if (closesAt && closesAt <= now) throw invalidWindow('closesAt', homeworkMessages.closesInPast);
  if (opens && closes && closes <= opens) {
    throw invalidWindow('closesAt', homeworkMessages.closesBeforeOpens);
  }
  return { opensAt, closesAt };
}
