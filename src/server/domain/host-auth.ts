import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PollRecord } from '../store/store.ts';
import { DomainError } from './errors.ts';

/** 32 random bytes, base64url: unguessable, and safe in a header and in local storage. */
export function generateHostSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked database does not hand out host access. */
export function hashHostSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function isHostSecret(poll: PollRecord, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = Buffer.from(hashHostSecret(secret), 'hex');
  const stored = Buffer.from(poll.hostSecretHash, 'hex');
  // Comparing hashes of equal length in constant time leaks nothing about the secret.
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Throws NO_SECRET when none was sent, FORBIDDEN when it is not this poll's. */
export function requireHost(poll: PollRecord, secret: string | undefined): void {
  if (!secret) throw new DomainError('NO_SECRET');
  if (!isHostSecret(poll, secret)) throw new DomainError('FORBIDDEN');
}
