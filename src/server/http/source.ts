import { createHmac } from 'node:crypto';
import { BoundedMemo } from '../bounded-memo.ts';

/**
 * Where ballots come from, as hosts may see it: a keyed hash of the client's address and the
 * poll, never the address. Keyed, so the 2^32 IPv4 addresses cannot be tried one by one; with
 * the poll inside, one address has a different source in each poll and hosts of different polls
 * cannot follow a person across them. 96 bits: no collisions among a poll's addresses.
 */
export class SourceHasher {
  private readonly key: Buffer;
  /** A room votes from a few addresses: each (poll, address) is hashed once (HMAC_MEMO_ENTRIES). */
  private readonly memo: BoundedMemo<string>;
  constructor(secret: string, memoEntries = 0) {
    this.key = createHmac('sha256', secret).update('ballot-source').digest();
    this.memo = new BoundedMemo(memoEntries);
  }

  of(address: string, slug: string): string {
    return this.memo.get(`${slug}\u0000${address}`, (key) =>
      createHmac('sha256', this.key).update(key).digest().subarray(0, 12).toString('base64url'),
    )!;
  }
}
