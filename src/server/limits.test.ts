import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

describe('the README', () => {
  it('has a row for every limit, with its default', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const missing = Object.entries(DEFAULT_LIMITS).filter(
      ([name, value]) => !readme.includes(`| \`${name}\` | \`${value}\``),
    );
    expect(missing).toEqual([]);
  });
});
