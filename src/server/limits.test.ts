import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, resolveLimits, streamsCapFor } from './limits.ts';

describe('the global stream cap', () => {
  it('stays well below the open-file limit', () => {
    expect(streamsCapFor(1024)).toBe(768);
    expect(streamsCapFor(20_000)).toBe(16_000);
    expect(streamsCapFor(1_048_576)).toBe(20_000);
    expect(streamsCapFor(100)).toBe(16);
  });

  it('is sized from the limit unless STREAMS_MAX says otherwise', () => {
    expect(resolveLimits(DEFAULT_LIMITS, 4096).streamsMax).toBe(streamsCapFor(4096));
    expect(resolveLimits({ ...DEFAULT_LIMITS, STREAMS_MAX: 50 }, 4096).streamsMax).toBe(50);
    expect(resolveLimits(DEFAULT_LIMITS, 4096).liveCacheBytes).toBe(32 * 1024 * 1024);
  });
});
