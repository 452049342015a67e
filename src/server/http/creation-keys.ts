import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { CREATION_KEY_TTL_MS } from '../../contract/idempotency.ts';
import { DomainError } from '../domain/errors.ts';
import type { SharedCreationKeys } from '../rate/creation-claims.ts';

/** A creation takes milliseconds; one still being made elsewhere after this is given up on
 *  (503, the client's retry asks again). */
const SHARED_WAIT_MS = 10_000;
/** How often a request waits for the other instance's creation to be done. */
const SHARED_POLL_MS = 25;

type Entry = { fingerprint: string; result: Promise<unknown>; at: number };

/**
 * Idempotency-Keys of creations (issue 24): a double click on 'Crear encuesta' sends the same key
 * twice, often before the first answer; the second waits for the first and gets its result, so
 * one poll (question, option) is made. Ballots keep theirs in the database for a day (a phone
 * retries a lost answer much later); a creation's key matters for a minute, so memory is enough.
 * Kept per instance, bounded by CREATION_KEYS_MAX (the oldest go first); behind several
 * instances also claimed in Redis (rate/creation-claims.ts), so a double click split by the
 * balancer still makes one poll. The result kept there (a poll's host secret) is sealed with a
 * key derived from the Idempotency-Key and its scope, which only the caller knows.
 */
export class CreationKeys {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly max: number,
    private readonly ttlMs = CREATION_KEY_TTL_MS,
    private readonly now: () => number = Date.now,
    private readonly shared?: SharedCreationKeys,
  ) {}

  /**
   * Runs `make` once per (scope, key) within the TTL. `scope` says who may share the key (the
   * caller's address, or host secret and poll), `request` what was asked: the same key with
   * another request is 409, never someone else's result. A failed first attempt is forgotten,
   * so asking again tries again.
   */
  async run<T>(
    reply: FastifyReply,
    key: string | undefined,
    scope: string,
    request: unknown,
    make: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined || this.max === 0) return make();
    this.evict();
    const id = digest(`${scope}\n${key}`);
    const fingerprint = digest(JSON.stringify(request));
    const known = this.entries.get(id);
    if (known) {
      if (known.fingerprint !== fingerprint) {
        throw new DomainError(
          'IDEMPOTENCY_MISMATCH',
          'Esta clave de idempotencia ya se usó con otra petición',
        );
      }
      const result = (await known.result) as T;
      reply.header('idempotent-replayed', 'true');
      return result;
    }
    const result = this.shared
      ? this.runShared(reply, id, fingerprint, sealKey(scope, key), make)
      : make();
    this.entries.set(id, { fingerprint, result, at: this.now() });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    result.catch(() => {
      if (this.entries.get(id)?.result === result) this.entries.delete(id);
    });
    return result;
  }

  /** The key claimed among every instance: made here, or the other instance's result. */
  private async runShared<T>(
    reply: FastifyReply,
    id: string,
    fingerprint: string,
    secret: Buffer,
    make: () => Promise<T>,
  ): Promise<T> {
    const shared = this.shared!;
    const deadline = Date.now() + SHARED_WAIT_MS;
    for (;;) {
      const claim = await shared.claim(id, fingerprint, this.ttlMs);
      if (claim.state === 'unknown') return make();
      if (claim.state === 'claimed') {
        let result: T;
        try {
          result = await make();
        } catch (error) {
          await shared.release(id);
          throw error;
        }
        await shared.complete(id, fingerprint, seal(result, secret), this.ttlMs);
        return result;
      }
      if (claim.fingerprint !== fingerprint) {
        throw new DomainError(
          'IDEMPOTENCY_MISMATCH',
          'Esta clave de idempotencia ya se usó con otra petición',
        );
      }
      if (claim.state === 'done') {
        reply.header('idempotent-replayed', 'true');
        return unseal(claim.sealed, secret) as T;
      }
      if (Date.now() > deadline) throw new DomainError('SERVICE_UNAVAILABLE');
      await new Promise((resolve) => setTimeout(resolve, SHARED_POLL_MS));
    }
  }

  private evict(): void {
    const cutoff = this.now() - this.ttlMs;
    // Insertion order is age order: stop at the first one still fresh.
    for (const [id, entry] of this.entries) {
      if (entry.at > cutoff) return;
      this.entries.delete(id);
    }
  }
}

/** Keys hold secrets and addresses: only their hashes are kept. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** The sealing key of a result: from the Idempotency-Key and its scope, not the stored hash. */
function sealKey(scope: string, key: string): Buffer {
  return createHash('sha256').update(`seal\n${scope}\n${key}`).digest();
}

function seal(value: unknown, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(sealed: string, secret: Buffer): unknown {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(
    Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(),
  );
}
