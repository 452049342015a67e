import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { CREATION_KEY_TTL_MS } from '../../contract/idempotency.ts';
import { DomainError } from '../domain/errors.ts';

type Entry = { fingerprint: string; result: Promise<unknown>; at: number };

/**
 * Idempotency-Keys of creations (issue 24): a double click on 'Crear encuesta' sends the same key
 * twice, often before the first answer; the second waits for the first and gets its result, so
 * one poll (question, option) is made. Ballots keep theirs in the database for a day (a phone
 * retries a lost answer much later); a creation's key matters for a minute, so memory is enough.
 * Kept per instance, bounded by CREATION_KEYS_MAX (the oldest go first).
 */
export class CreationKeys {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly max: number,
    private readonly ttlMs = CREATION_KEY_TTL_MS,
    private readonly now: () => number = Date.now,
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
    const result = make();
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
