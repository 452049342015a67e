import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntegrity } from '../../src/server/domain/integrity.ts';
import { memoryRefusals } from '../../src/server/rate/refusals.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { seedBigIntegrityPoll } from '../helpers/big-integrity-poll.ts';

/**
 * Issue 25: the integrity view of a big poll was one GROUP BY (two with a quiz) that held
 * SQLite's event loop for its whole length, every room's ballots waiting behind it. It is now
 * read a page of ballots per turn of the event loop: other work runs between the pages.
 */
const BALLOTS = 20_000;
const SOURCES = 300;

let dir: string;
let store: PollStore;
let big: { slug: string; secret: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sondeo-integrity-slices-'));
  const file = join(dir, 'sondeo.db');
  store = await openSqliteStore(file);
  big = await seedBigIntegrityPoll(store, file, {
    questions: 5,
    ballots: BALLOTS,
    sources: SOURCES,
  });
}, 60_000);

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the integrity view of a 20,000-ballot quiz', () => {
  it('gives the event loop a turn between its pages, and judges every source', async () => {
    let turns = 0;
    let probing = true;
    const probe = () => {
      turns++;
      if (probing) setImmediate(probe);
    };
    setImmediate(probe);
    const view = await getIntegrity(store, memoryRefusals(10), 'instance', big.slug, big.secret, {
      offset: 0,
      limit: 500,
    });
    probing = false;
    // 10 pages of ballots for the sources, 10 for the quiz's timings: before, no turn at all.
    expect(turns).toBeGreaterThanOrEqual(18);
    expect(view.totalBallots).toBe(BALLOTS);
    expect(view.sourceCount).toBe(SOURCES);
    // One source in five is a script: new ids, unseated, issued in bulk.
    expect(view.unusualSources).toBe(SOURCES / 5);
    const script = view.sources.find((s) => s.source === 'source-0')!;
    expect(script).toMatchObject({ newParticipantBallots: script.ballots, seatedBallots: 0 });
    const phone = view.sources.find((s) => s.source === 'source-1')!;
    expect(phone).toMatchObject({ seatedBallots: phone.ballots, unusual: false });
  });
});
