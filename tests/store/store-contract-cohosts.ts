import { describe, expect, it } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/** Co-host links on every engine (issue 28), called beside `storeContract`. */
export function cohostsContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore co-host links (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function poll() {
      n += 1;
      return current.store.createPoll({
        slug: `cohost${n}xx`.slice(0, 8),
        title: 'Charla',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
      });
    }
    const link = (pollId: number, hash: string, scope: 'moderate' | 'present' = 'moderate') => ({
      pollId,
      scope,
      label: `Enlace ${hash}`,
      secretHash: hash.padEnd(64, '0'),
      now: new Date(1_700_000_000_000),
    });

    it('stores links, finds one by its hash, lists them oldest first', async () => {
      const { store } = current;
      const p = await poll();
      const a = await store.addCohost(link(p.id, 'a'), 20);
      const b = await store.addCohost(link(p.id, 'b', 'present'), 20);
      expect(a).toMatchObject({
        pollId: p.id,
        scope: 'moderate',
        label: 'Enlace a',
        lastUsedAt: null,
      });
      expect(await store.cohostBySecretHash('b'.padEnd(64, '0'))).toEqual(b);
      expect(await store.cohostBySecretHash('c'.padEnd(64, '0'))).toBeUndefined();
      expect((await store.listCohosts(p.id)).map((c) => c.label)).toEqual(['Enlace a', 'Enlace b']);
      expect((a as { createdAt: Date }).createdAt.getTime()).toBe(1_700_000_000_000);
    });

    it('refuses past the cap, and for a poll that is gone', async () => {
      const { store } = current;
      const p = await poll();
      await store.addCohost(link(p.id, 'd'), 2);
      await store.addCohost(link(p.id, 'e'), 2);
      expect(await store.addCohost(link(p.id, 'f'), 2)).toBe('full');
      expect(await store.addCohost(link(999_999, 'g'), 2)).toBeUndefined();
    });

    it('revokes one link of its own poll only, and notes its last use', async () => {
      const { store } = current;
      const p = await poll();
      const q = await poll();
      const a = await store.addCohost(link(p.id, '1'), 20);
      if (!a || a === 'full') throw new Error('not stored');
      expect(await store.deleteCohost(q.id, a.id)).toBe(false);
      await store.touchCohost(a.id, new Date(1_700_000_060_000));
      expect((await store.listCohosts(p.id))[0]?.lastUsedAt?.getTime()).toBe(1_700_000_060_000);
      expect(await store.deleteCohost(p.id, a.id)).toBe(true);
      expect(await store.listCohosts(p.id)).toEqual([]);
    });

    it('keeps the newest actions only, and deleting the poll deletes links and actions', async () => {
      const { store } = current;
      const p = await poll();
      const a = await store.addCohost(link(p.id, '2'), 20);
      if (!a || a === 'full') throw new Error('not stored');
      for (let i = 0; i < 5; i += 1) {
        await store.addCohostAction(
          {
            pollId: p.id,
            cohostId: a.id,
            label: a.label,
            scope: a.scope,
            action: 'moderateQa',
            target: `id ${i}`,
            at: new Date(1_700_000_000_000 + i),
          },
          3,
        );
      }
      const actions = await store.listCohostActions(p.id, 10);
      expect(actions.map((x) => x.target)).toEqual(['id 4', 'id 3', 'id 2']);
      expect(await store.deletePoll(p.id)).toBe(true);
      expect(await store.listCohosts(p.id)).toEqual([]);
      expect(await store.listCohostActions(p.id, 10)).toEqual([]);
      expect(await store.cohostBySecretHash(a.secretHash)).toBeUndefined();
    });
  });
}
