import { describe, expect, it } from 'vitest';
import { TimeSlices } from './time-slices.ts';

describe('TimeSlices', () => {
  it('gives sliced jobs one turn of the event loop each, in turn', async () => {
    const log: string[] = [];
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const job = async (name: string) => {
      const slices = new TimeSlices(0);
      for (let i = 0; i < 5; i++) {
        await slices.pause();
        log.push(name);
      }
    };
    await Promise.all([job('a'), job('b')]);
    counting = false;
    expect(log).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
    // Ten resumes took ten turns at least: never two slices in one turn.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('is due only once its budget is spent', () => {
    const slices = new TimeSlices(60_000);
    for (let i = 0; i < 100; i++) expect(slices.due()).toBe(false);
  });
});
