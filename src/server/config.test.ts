import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl, redact } from './config.ts';
import { DEFAULT_LIMITS } from './limits.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', file: './data/sondeo.db' },
      redisUrl: undefined,
      redisChannel: undefined,
      publicUrl: undefined,
      rateLimits: { enabled: true, limits: DEFAULT_LIMITS },
      secretKey: undefined,
      trustProxy: false,
      embedOrigins: [],
    });
  });

  it.each([
    ['true', true],
    ['FALSE', false],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1, fd00::/8', ['10.0.0.0/8', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/1', '-1'])(
    'refuses TRUST_PROXY=%s',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('reads the memory, socket, time and disk limits', () => {
    const { limits } = loadConfig({
      LIVE_CACHE_MB: '64',
      STREAMS_PER_ADDRESS: '800',
      STREAMS_MAX: '5000',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '20000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      DISK_MIN_FREE_MB: '0',
      DRAFT_TTL_DAYS: '0',
    }).rateLimits;
    expect(limits).toMatchObject({
      LIVE_CACHE_MB: 64,
      STREAMS_PER_ADDRESS: 800,
      STREAMS_MAX: 5000,
      HEADERS_TIMEOUT_MS: 5000,
      REQUEST_TIMEOUT_MS: 20000,
      KEEP_ALIVE_TIMEOUT_MS: 65000,
      DISK_MIN_FREE_MB: 0,
      DRAFT_TTL_DAYS: 0,
    });
    expect(() => loadConfig({ LIVE_CACHE_MB: '0' })).toThrow(/LIVE_CACHE_MB/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5s' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('reads RATE_LIMITS and limit overrides', () => {
    const config = loadConfig({
      RATE_LIMITS: 'off',
      BALLOT_BURST: '1_000',
      BALLOT_RATE_PER_S: '2.5',
    });
    expect(config.rateLimits.enabled).toBe(false);
    expect(config.rateLimits.limits).toMatchObject({ BALLOT_BURST: 1000, BALLOT_RATE_PER_S: 2.5 });
    expect(loadConfig({ RATE_LIMITS: 'on' }).rateLimits.enabled).toBe(true);
  });

  it('names every bad limit at once', () => {
    const attempt = () =>
      loadConfig({ BALLOT_BURST: '0', POLL_CREATE_BURST: '2.5', RATE_LIMITS: 'no', PORT: 'x' });
    expect(attempt).toThrow(/BALLOT_BURST="0": must be a whole number from 1/);
    expect(attempt).toThrow(/POLL_CREATE_BURST="2.5"/);
    expect(attempt).toThrow(/RATE_LIMITS="no": must be on or off/);
    expect(attempt).toThrow(/PORT=/);
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_CHANNEL: 'sondeo:sala-b',
      PUBLIC_URL: 'https://sondeo.example.org/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'sqlite', file: './data/sondeo.db' },
      redisUrl: 'redis://127.0.0.1:6379',
      redisChannel: 'sondeo:sala-b',
      publicUrl: 'https://sondeo.example.org',
    });
  });

  it.each([
    [{ PORT: 'tres mil' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '30.5' }, 'PORT'],
    [{ PUBLIC_URL: 'sondeo.example.org' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://sondeo.example.org' }, 'PUBLIC_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ REDIS_CHANNEL: 'dos palabras' }, 'REDIS_CHANNEL'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ SECRET_KEY: 'corta' }, 'SECRET_KEY'],
    [{ MAX_BALLOT_SELECTIONS: 'muchas' }, 'MAX_BALLOT_SELECTIONS'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('parseDatabaseUrl', () => {
  it.each([
    ['./data/x.db', { kind: 'sqlite', file: './data/x.db' }],
    ['/abs/x.db', { kind: 'sqlite', file: '/abs/x.db' }],
    ['file:./x.db', { kind: 'sqlite', file: './x.db' }],
    ['file:///tmp/x.db', { kind: 'sqlite', file: '/tmp/x.db' }],
    [':memory:', { kind: 'sqlite', file: ':memory:' }],
    ['postgres://u@h/db', { kind: 'postgres', url: 'postgres://u@h/db' }],
    ['postgresql://u@h/db', { kind: 'postgres', url: 'postgresql://u@h/db' }],
  ])('%s', (value, expected) => {
    expect(parseDatabaseUrl(value)).toEqual(expected);
  });

  it('never shows a password in its messages', () => {
    expect(redact('postgres://user:s3cret@host/db')).toBe('postgres://user:***@host/db');
    expect(() => parseDatabaseUrl('mysql://user:s3cret@host/db')).toThrow(/user:\*\*\*@/);
  });
});
