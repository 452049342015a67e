import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type CohostScope, scopeOfSecret } from '../../contract/cohosts.ts';
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

/** Compares a secret with a stored hash in constant time: it leaks nothing about the secret. */
export function matchesHash(secret: string, storedHex: string): boolean {
  const given = Buffer.from(hashHostSecret(secret), 'hex');
  const stored = Buffer.from(storedHex, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * A co-host link (issue 28) the HTTP layer checked for this request: its secret's hash matched
 * a stored link, and the route's entry in the scope table (contract/cohost-scopes.ts) lets its
 * scope make this call. Only then does the request run inside `actAsCohost`, and only inside
 * it does the link count as the host of its own poll: the domain keeps asking `isHostSecret`
 * as before, and a link can reach no call the table does not give its scope.
 */
export interface CohostGrant {
  id: number;
  pollId: number;
  scope: CohostScope;
  label: string;
  secretHash: string;
}

const grantOfRequest = new AsyncLocalStorage<CohostGrant>();

export function actAsCohost<T>(grant: CohostGrant, run: () => T): T {
  return grantOfRequest.run(grant, run);
}

/** The co-host link this request acts with, if its secret is one and the table let it in. */
export function cohostGrantFor(
  poll: PollRecord,
  secret: string | undefined,
): CohostGrant | undefined {
  if (!secret || scopeOfSecret(secret) === null) return undefined;
  const grant = grantOfRequest.getStore();
  if (!grant || grant.pollId !== poll.id) return undefined;
  return matchesHash(secret, grant.secretHash) ? grant : undefined;
}

export function isHostSecret(poll: PollRecord, secret: string | undefined): boolean {
  if (!secret) return false;
  if (scopeOfSecret(secret) !== null) return cohostGrantFor(poll, secret) !== undefined;
  return matchesHash(secret, poll.hostSecretHash);
}

/** Only the presenter code itself: what no co-host link may ever do (creating links). */
export function isOwnerSecret(poll: PollRecord, secret: string | undefined): boolean {
  return !!secret && scopeOfSecret(secret) === null && matchesHash(secret, poll.hostSecretHash);
}

/** Throws NO_SECRET when none was sent, FORBIDDEN when it is not this poll's. */
export function requireHost(poll: PollRecord, secret: string | undefined): void {
  if (!secret) throw new DomainError('NO_SECRET');
  if (!isHostSecret(poll, secret)) throw new DomainError('FORBIDDEN');
}
