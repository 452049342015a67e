import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { LogThrottle, throttledLogMethod, throttledWarn } from './log-throttle.ts';

/** Fastify's own logger (pino) with the throttle hook, as main.ts sets it, into an array. */
function logger(throttle: LogThrottle) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', hooks: { logMethod: throttledLogMethod(throttle) }, stream: sink },
  });
  return { log: app.log, lines };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('log throttle', () => {
  it('writes one line per kind per period, then one carrying the count held back', async () => {
    let now = 0;
    const { log, lines } = logger(new LogThrottle(60_000, 1000, () => now));
    const failure = Object.assign(new Error('boom'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 1000; i++) log.warn({ err: failure }, 'database unavailable');
    for (let i = 0; i < 10; i++) log.error('request failed');
    for (let i = 0; i < 5; i++) log.info('hello');
    await flush();
    expect(lines.map((l) => l.msg)).toEqual([
      'database unavailable',
      'request failed',
      'hello',
      'hello',
      'hello',
      'hello',
      'hello',
    ]);
    now = 59_999;
    log.warn({ err: failure }, 'database unavailable');
    now = 60_000;
    log.warn({ err: failure }, 'database unavailable');
    log.error(failure, 'request failed');
    log.error('request failed');
    await flush();
    const after = lines.slice(7);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ msg: 'database unavailable', suppressed: 1000 });
    expect((after[0]!.err as { message: string }).message).toBe('boom');
    expect(after[1]).toMatchObject({ msg: 'request failed', suppressed: 9 });
    expect((after[1]!.err as { message: string }).message).toBe('boom');
  });

  it('remembers a bounded number of kinds, and still writes a new kind once', () => {
    let now = 0;
    const throttle = new LogThrottle(60_000, 3, () => now);
    for (const kind of ['a', 'b', 'c', 'd']) expect(throttle.admit(kind).write).toBe(true);
    expect(throttle.admit('d').write).toBe(false);
    // 'a' was forgotten to make room: it is written again.
    expect(throttle.admit('a').write).toBe(true);
    now = 60_000;
    expect(throttle.admit('d')).toEqual({ write: true, suppressed: 1 });
  });

  it('throttles what goes to the console too (the rate limiter store)', () => {
    let now = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const log = throttledWarn(new LogThrottle(60_000, 1000, () => now));
      for (let i = 0; i < 500; i++) log('redis limiter failed', new Error('down'));
      now = 60_000;
      log('redis limiter failed', new Error('down'));
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[1]![1]).toEqual({ suppressed: 499 });
    } finally {
      warn.mockRestore();
    }
  });
});
