import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type LookupPollsBody,
  type LookupPollsResponse,
  type MyPoll,
  type MyPollFound,
  SLUG_PATTERN,
} from '../../contract/index.ts';
import type { PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import { hashHostSecret } from './host-auth.ts';

/** Compared against when a slug names no poll, so a missing poll costs what a wrong code does. */
const NO_POLL_HASH = createHash('sha256').update('no poll').digest('hex');

/** Whether `secret` is the code of the poll whose hash is `storedHash` (undefined: no poll).
 *  A missing poll does the same work, a hash and a constant-time compare, as a wrong code. */
function opens(storedHash: string | undefined, secret: string): boolean {
  const given = Buffer.from(hashHostSecret(secret), 'hex');
  const stored = Buffer.from(storedHash ?? NO_POLL_HASH, 'hex');
  // Hashes of equal length compared in constant time, as host-auth does.
  const equal = given.length === stored.length && timingSafeEqual(given, stored);
  return equal && storedHash !== undefined;
}

/**
 * 'Mis encuestas' (issue 17): every poll of the list whose code this browser holds, read in one
 * query. A wrong code and an unknown slug get the same answer (`missing`): the lookup never
 * tells whether a slug exists. Found polls by last change, newest first, then the missing ones.
 */
export async function lookupPolls(
  store: PollStore,
  body: LookupPollsBody,
  maxEntries: number,
): Promise<LookupPollsResponse> {
  if (body.polls.length > maxEntries) {
    throw new DomainError(
      'VALIDATION_ERROR',
      `Demasiadas encuestas en una consulta: como máximo ${maxEntries}`,
    );
  }
  // A malformed slug is no poll: it never reaches the database.
  const wellFormed = body.polls.map((entry) => entry.slug).filter((s) => SLUG_PATTERN.test(s));
  // The codes first, from an indexed read of the hashes alone: only the polls whose code opens
  // are counted (issue 25), so wrong codes cost every named poll the same small read, whatever
  // its size, and a slug's existence or size never shows in the time taken.
  const hashes = new Map((await store.pollSecretHashes(wellFormed)).map((p) => [p.slug, p]));
  const opened: string[] = [];
  const seen = new Set<string>();
  for (const { slug, secret } of body.polls) {
    if (seen.has(slug)) continue;
    seen.add(slug);
    if (opens(hashes.get(slug)?.hostSecretHash, secret)) opened.push(slug);
  }
  const bySlug = new Map((await store.pollOverviews(opened)).map((o) => [o.slug, o]));
  const found: MyPollFound[] = [];
  const missing: MyPoll[] = [];
  for (const slug of seen) {
    const overview = bySlug.get(slug);
    if (!overview) {
      missing.push({ slug, missing: true });
      continue;
    }
    found.push({
      slug,
      missing: false,
      title: overview.title,
      status: overview.status,
      createdAt: overview.createdAt.toISOString(),
      updatedAt: overview.updatedAt.toISOString(),
      questionCount: overview.questionCount,
      participantCount: overview.participantCount,
      joinCode: overview.joinCode,
    });
  }
  found.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.slug.localeCompare(b.slug));
  return { polls: [...found, ...missing] };
}
