import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

const require = createRequire(import.meta.url);

/**
 * A Redis connection, with ioredis loaded on the first one (issue 29): a single instance
 * without REDIS_URL never needs it, and loading it costs an idle server a few MB.
 */
export function newRedis(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = require('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}
