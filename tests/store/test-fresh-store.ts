import { afterEach, beforeEach } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';

/** A new store for each test of a contract suite, closed after it: the hooks every suite repeated. */
export function freshStorePerTest(factory: () => Promise<PollStore>): {
  readonly store: PollStore;
} {
  const fresh = {} as { store: PollStore };
  beforeEach(async () => {
    fresh.store = await factory();
  });
  afterEach(async () => {
    await fresh.store.close();
  });
  return fresh;
}
