import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl, redact } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', file: './data/sondeo.db' },
      redisUrl: undefined,
      redisChannel: undefined,
      publicUrl: undefined,
    });
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
